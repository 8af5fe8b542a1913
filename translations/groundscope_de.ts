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
</context>
</TS>
