<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>QObject</name>
    <message>
        <source>measuring GEMM</source>
        <translation>GEMM wird gemessen</translation>
    </message>
    <message>
        <source>GEMM %1×%1 float32: %2 GFLOP/s on %3 threads</source>
        <translation>GEMM %1×%1 float32: %2 GFLOP/s mit %3 Threads</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg);;PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>%1: the view has no size to export</source>
        <translation>%1: die Ansicht hat keine Größe zum Exportieren</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>%1: PNG encoding failed</source>
        <translation>%1: PNG-Kodierung fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1: unknown figure format &apos;%2&apos; (use .png, .svg or .pdf)</source>
        <translation>%1: unbekanntes Abbildungsformat „%2“ (.png, .svg oder .pdf verwenden)</translation>
    </message>
    <message>
        <source>image file missing:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — no candidate region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, IoU %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>learned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ground truth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ground truth (dashed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — p %2, region %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RateEstimator</name>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished">%1/s {1 ?}</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunCurves</name>
    <message>
        <source>%1: not a training run (no %2 or %3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gs</name>
    <message>
        <source>Captions ranked for image %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images ranked for “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Caption</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(image not readable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unknown format (use .csv, .json or .html)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation type="unfinished">%1: kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>HTML page with thumbnails (*.html);;CSV (*.csv);;JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gs::AboutDialog</name>
    <message>
        <source>About Groundscope</source>
        <translation>Über Groundscope</translation>
    </message>
    <message>
        <source>&lt;p&gt;A workbench for visually grounded language: joint image–sentence spaces, their trees, regions and rankings.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Eine Werkbank für visuell verankerte Sprache: gemeinsame Bild-Satz-Räume, ihre Bäume, Regionen und Ranglisten.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Licensed under the GNU General Public License, version 3 or later.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Lizenziert unter der GNU General Public License, Version 3 oder später.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>Bibliothek</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Lizenz</translation>
    </message>
</context>
<context>
    <name>gs::DatasetBrowser</name>
    <message>
        <source>Search image ids and caption words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every word must match the image id or the start of a word in one of its captions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All splits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>val</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unassigned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No dataset open. Drop a dataset folder or file here, or use File ▸ Open Dataset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a caption to see its trees and where it ranks its image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Captions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: loaded without problems.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load report (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order-sensitive: a distractor image&apos;s captions have the same words in another order; only word order tells them apart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an image to see its captions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n caption(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Concepts: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gs::HeatStrip</name>
    <message>
        <source>%1 units, from %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gs::JobStatusWidget</name>
    <message>
        <source>Cancel the running job</source>
        <translation>Laufenden Auftrag abbrechen</translation>
    </message>
    <message>
        <source>%1: cancelling…</source>
        <translation>%1: wird abgebrochen…</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
</context>
<context>
    <name>gs::LogView</name>
    <message>
        <source>started: %1</source>
        <translation>gestartet: %1</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1 cancelled</source>
        <translation>%1 abgebrochen</translation>
    </message>
    <message>
        <source>%1 finished in %2 s</source>
        <translation>%1 nach %2 s beendet</translation>
    </message>
</context>
<context>
    <name>gs::MainWindow</name>
    <message>
        <source>Dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Trees</source>
        <translation>Bäume</translation>
    </message>
    <message>
        <source>Regions</source>
        <translation>Regionen</translation>
    </message>
    <message>
        <source>Map</source>
        <translation>Karte</translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation>Suche</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Choose a model and train it; loss curves and validation recall appear here.</source>
        <translation>Wählen Sie ein Modell und trainieren Sie es; Verlustkurven und Validierungs-Recall erscheinen hier.</translation>
    </message>
    <message>
        <source>Dependency and constituency trees of the selected caption, with per-node activations.</source>
        <translation>Dependenz- und Konstituentenbäume der gewählten Beschreibung mit Aktivierungen je Knoten.</translation>
    </message>
    <message>
        <source>Image regions and the phrases they correspond to.</source>
        <translation>Bildregionen und die Phrasen, denen sie entsprechen.</translation>
    </message>
    <message>
        <source>A t-SNE or PCA map of images and captions in the joint space.</source>
        <translation>Eine t-SNE- oder PCA-Karte von Bildern und Beschreibungen im gemeinsamen Raum.</translation>
    </message>
    <message>
        <source>Type a sentence to rank images, or pick an image to rank captions.</source>
        <translation>Geben Sie einen Satz ein, um Bilder zu ordnen, oder wählen Sie ein Bild, um Beschreibungen zu ordnen.</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open dataset…</source>
        <translation>Datensatz ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open dataset folder</source>
        <translation>Datensatzordner öffnen</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Groundscope</source>
        <translation>Ü&amp;ber Groundscope</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>%1: no such file or folder</source>
        <translation>%1: Datei oder Ordner nicht gefunden</translation>
    </message>
    <message>
        <source>Dataset: %1</source>
        <translation>Datensatz: %1</translation>
    </message>
    <message>
        <source>Whole window</source>
        <translation>Ganzes Fenster</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>View to export:</source>
        <translation>Zu exportierende Ansicht:</translation>
    </message>
    <message>
        <source>Export figure</source>
        <translation>Abbildung exportieren</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Runtime check</source>
        <translation>Laufzeitprüfung</translation>
    </message>
    <message>
        <source>Open a dataset with File &gt; Open dataset… or try File &gt; Open demo dataset: its formats, splits, vocabulary and load report appear here.</source>
        <translation>Öffnen Sie einen Datensatz mit Datei &gt; Datensatz öffnen… oder probieren Sie Datei &gt; Demo-Datensatz öffnen: Format, Aufteilungen, Vokabular und Ladebericht erscheinen hier.</translation>
    </message>
    <message>
        <source>Open &amp;demo dataset</source>
        <translation>&amp;Demo-Datensatz öffnen</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <source>Load dataset</source>
        <translation>Datensatz laden</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled.</source>
        <translation>Das Laden von %1 wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Could not load %1:
%2</source>
        <translation>%1 konnte nicht geladen werden:
%2</translation>
    </message>
    <message>
        <source>Make the Scenes demo</source>
        <translation>Scenes-Demo erzeugen</translation>
    </message>
    <message>
        <source>Browse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gs::MapPanel</name>
    <message>
        <source>t-SNE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effective number of neighbours each point keeps (needs more than 3× as many points)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Barnes–Hut accuracy: 0 is exact (slow for many points), 0.5 is the usual trade-off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image–caption lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thumbnails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unit length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Map directions (cosine geometry) rather than raw vectors; applies from the next Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run: open a trained run to map its test split.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perplexity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>θ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 images and %2 captions (%3-d). Press Compute for a map.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to map: the run&apos;s split has fewer than 2 items.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCA map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing PCA of %1 items…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too few items for t-SNE (%1); use PCA.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (perplexity lowered from %1 to %2 for %3 items)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>t-SNE map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing t-SNE of %1 items%2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>t-SNE: iteration %1, KL %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>t-SNE: %1 iterations in %2 s, KL divergence %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCA: the two principal axes of %1 items.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The map failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) selected.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Export the map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1.</source>
        <translation type="unfinished">%1. exportiert</translation>
    </message>
</context>
<context>
    <name>gs::MapView</name>
    <message>
        <source>dimension 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dimension 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image–caption</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>captions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current image</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gs::NodeDetailsView</name>
    <message>
        <source>(phrase)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Point at a node to see its vector; click it to list the images nearest to the phrase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>root</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n word(s) under it</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>similarity to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, similarity %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gs::RankedListModel</name>
    <message>
        <source>%1. %2%3  (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. %2
%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1, score %2
%3
image %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1, score %2
%3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gs::RegionPanel</name>
    <message>
        <source>Proposals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image&apos;s selective-search boxes (numbered), as the features job stores them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ground truth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each noun phrase&apos;s box where the dataset has one (dashed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The region the run chose for each noun phrase, with its score s(v, h).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learned and ground-truth boxes on one photo, or on two photos side by side.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regions drawn per phrase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score ≥ </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learned regions scoring below this are not drawn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opacity of the boxes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export figure…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export data…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Noun phrases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank all test phrases for a region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concepts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>words %1–%2 of “%3”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: p = %2, maximum in region %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate t (Eq. 2): mean %1 over its %2 dimensions — 1 leans on the concepts, 0 on the global context.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run&apos;s image side has no gate (it does not fuse concepts and context with Eq. 2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1”: the image has no candidate region.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1”: ground truth %2. Open an HM-LSTM run to see the regions it chooses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top regions for “%1” (click one to rank phrases for it):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. region %2  %3  score %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  IoU %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Region %1. Open an HM-LSTM run to rank phrases for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranking phrases for region %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test phrases ranked for region %1 (★ this image&apos;s):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This image&apos;s phrases ranked for region %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>region %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
feature norm ‖x‖ = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
score against the caption s(v, y) = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ground truth of “%1”: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>learned for “%1”: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: p = %2 (its maximum, in region %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a dataset, then select an image or a caption.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an image or a caption to see its regions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening the run&apos;s model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run&apos;s regions cannot be shown: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run open: the image&apos;s proposals and the dataset&apos;s ground truth. Open an HM-LSTM run for the region it chooses for each noun phrase, or a concepts run for its concepts by region.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run (%1) learns no regions: train the HM-LSTM (its regions come from the features job&apos;s --regions option: `groundscope-cli features DATASET --regions`) or the concepts model. Proposals and ground truth are shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scoring the image&apos;s regions…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n box(es) reached outside the image and were clipped.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The caption has no noun phrase to ground.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The dataset has no phrase boxes for this caption.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the correspondences need an HM-LSTM run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export correspondences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the regions figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation type="unfinished">PNG-Bild (*.png);;SVG-Zeichnung (*.svg);;PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>Width (pixels for PNG, points for SVG/PDF):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device pixel ratio:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This image&apos;s captions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole test split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which phrases:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV table (*.csv);;JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gs::RetrievalPanel</name>
    <message>
        <source>Type a sentence and press Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click an image to rank the captions for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image whose captions are ranked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a caption to rank the images for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sentence → images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image → captions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top K</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many of the ranked results an export writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the shown list as CSV, JSON or an HTML page with thumbnails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open the run %1:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train a model or open a run to search its test split.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedding the run&apos;s test split…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot rank: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>True image %1 ranks %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 images have this caption; the best, %2, ranks %3 of %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 images ranked (the sentence is not one of the split&apos;s captions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image %1: its best caption ranks %2 of %3 (%4 describe it, marked ✓)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image %1: no caption of the split describes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image %1 is not in the run&apos;s %2 split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to export: rank something first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export ranked list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported the top %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gs::ScreenshotTour</name>
    <message>
        <source>cannot create %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no order-sensitive test caption in the demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Training panel did not start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no model named %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gs::ThumbnailModel</name>
    <message numerus="yes">
        <source>%n caption(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The image file cannot be decoded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image file is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gs::TrainConfigForm</name>
    <message>
        <source>none: learn word vectors from scratch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a GloVe or word2vec text file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Word vectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Word vectors (*.txt *.vec);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>training form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Published settings of the model, or a row of its ablation table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preset</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gs::TrainingPanel</name>
    <message>
        <source>Preparing: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data and output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image features: concept-cnn (built in), onnx:FILE, torchscript:FILE or npy:FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backbone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run folder. Starting with a folder that holds a stopped run resumes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the output folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model and hyperparameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after the current minibatch; the last epoch&apos;s checkpoint is kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show or hide the model and hyperparameter settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R@1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R@5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R@10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rsum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smoothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight of the loss curve&apos;s exponential moving average (0: raw)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished">Exportieren</translation>
    </message>
    <message>
        <source>Loss plot…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation plot…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checked runs are drawn; selecting a finished run makes it the current run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove from list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train the model in the output folder (resumes a stopped run there)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a dataset first, or choose the folder of a stopped run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, epoch %1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, epoch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Opened %1: %n epoch(s), </source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minibatch(es)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The run did not finish: Start resumes it from its last checkpoint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start: choose an output folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start: open a dataset first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resuming %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training %1 into %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the engine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused (the job holds at its next minibatch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resumed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, best so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch %1/%2 · minibatch %3/%4 · loss %5 · %6 minibatches/s · ETA %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished: test %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped. The checkpoint of the last whole epoch is kept in %1; Start with this folder resumes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped before the first epoch ended: there is no checkpoint yet, so Start begins again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export plot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation type="unfinished">%1 exportiert</translation>
    </message>
    <message>
        <source>, best epoch %1 (rsum %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; correspondence step %1: %2 % right (proposal ceiling %3 %, chance %4 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; correspondence step %1: no ground truth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch %1/%2: loss %3, validation %4%5 (%6 s)%7</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gs::TrainingPlots</name>
    <message>
        <source>Minibatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation R@10 (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 image→text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 text→image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation R@1 (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation R@5 (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation rsum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figure size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width (px for PNG, pt for SVG/PDF)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Height</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gs::TreePanel</name>
    <message>
        <source>Activation norm ‖h‖</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One hidden unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Similarity to the selected image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the node colours show (needs a tree-model run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unit </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export figure…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dependency tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constituency tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test images ranked against the clicked phrase&apos;s joint-space vector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images nearest to the phrase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Point at a node to see its vector; click it to list the images nearest to the phrase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link Grammar found no parse: the trees are a flat fallback.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unit %1 of h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>similarity to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>‖h‖</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a caption to see its trees.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parse: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening the run&apos;s model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node activations need a tree-model run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The constituency tree is the one %1 composed (binarised; • marks an added node).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The dependency tree is the one %1 composed (collapsed relations, punctuation dropped).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no activations: not the tree the model composed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run&apos;s test split is not embedded yet: no images to rank.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the trees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width (pixels for PNG, points for SVG/PDF):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node activations need a tree-model run (%1): open one to colour the trees.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The constituency tree is the one %1 composed (as parsed, punctuation dropped; outlined: the noun phrases, whose h enter their parent through Û and are embedded beside the sentence).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gs::WorkbenchState</name>
    <message>
        <source>Embed the test split</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Groundscope workbench</source>
        <translation>Groundscope-Werkbank</translation>
    </message>
    <message>
        <source>Dataset folder or file to open.</source>
        <translation>Zu öffnender Datensatzordner oder -datei.</translation>
    </message>
    <message>
        <source>Run the demo through every panel, save screenshots into DIR and quit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model the screenshot tour trains (default: dtrnn).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
