<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ConceptSource</name>
    <message>
        <source>the dataset&apos;s ground truth</source>
        <translation>die Grundwahrheit des Datensatzes</translation>
    </message>
    <message>
        <source>the concept CNN&apos;s predictions</source>
        <translation>die Vorhersagen des Konzept-CNN</translation>
    </message>
    <message>
        <source>the nouns most of each image&apos;s captions use</source>
        <translation>die Substantive, die die meisten Beschreibungen eines Bildes verwenden</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
</context>
<context>
    <name>MapColouring</name>
    <message>
        <source>Modality</source>
        <translation>Modalität</translation>
    </message>
    <message>
        <source>Caption length</source>
        <translation>Beschreibungslänge</translation>
    </message>
    <message>
        <source>Rank of the partner</source>
        <translation>Rang des Partners</translation>
    </message>
    <message>
        <source>Order-sensitive captions</source>
        <translation>Wortfolgesensitive Beschreibungen</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>Aufteilung</translation>
    </message>
    <message>
        <source>The model&apos;s loss</source>
        <translation>Verlust des Modells</translation>
    </message>
    <message>
        <source>Concept: %1</source>
        <translation>Konzept: %1</translation>
    </message>
    <message>
        <source>Predicted concept: %1</source>
        <translation>Vorhergesagtes Konzept: %1</translation>
    </message>
    <message>
        <source>images</source>
        <translation>Bilder</translation>
    </message>
    <message>
        <source>captions</source>
        <translation>Beschreibungen</translation>
    </message>
    <message>
        <source>1–5 words</source>
        <translation>1–5 Wörter</translation>
    </message>
    <message>
        <source>6–8 words</source>
        <translation>6–8 Wörter</translation>
    </message>
    <message>
        <source>9–11 words</source>
        <translation>9–11 Wörter</translation>
    </message>
    <message>
        <source>12–15 words</source>
        <translation>12–15 Wörter</translation>
    </message>
    <message>
        <source>16+ words</source>
        <translation>16+ Wörter</translation>
    </message>
    <message>
        <source>partner at rank 1</source>
        <translation>Partner auf Rang 1</translation>
    </message>
    <message>
        <source>rank 2–5</source>
        <translation>Rang 2–5</translation>
    </message>
    <message>
        <source>rank 6–10</source>
        <translation>Rang 6–10</translation>
    </message>
    <message>
        <source>rank 11–50</source>
        <translation>Rang 11–50</translation>
    </message>
    <message>
        <source>rank over 50</source>
        <translation>Rang über 50</translation>
    </message>
    <message>
        <source>no partner in the split</source>
        <translation>kein Partner in der Aufteilung</translation>
    </message>
    <message>
        <source>loss 0 (no margin violated)</source>
        <translation>Verlust 0 (Margin nirgends verletzt)</translation>
    </message>
    <message>
        <source>lowest quarter (≤ %1)</source>
        <translation>unterstes Viertel (≤ %1)</translation>
    </message>
    <message>
        <source>second quarter (≤ %1)</source>
        <translation>zweites Viertel (≤ %1)</translation>
    </message>
    <message>
        <source>third quarter (≤ %1)</source>
        <translation>drittes Viertel (≤ %1)</translation>
    </message>
    <message>
        <source>highest quarter (≤ %1)</source>
        <translation>oberstes Viertel (≤ %1)</translation>
    </message>
    <message>
        <source>no split</source>
        <translation>keine Aufteilung</translation>
    </message>
    <message>
        <source>order-sensitive captions</source>
        <translation>wortfolgesensitive Beschreibungen</translation>
    </message>
    <message>
        <source>other captions</source>
        <translation>andere Beschreibungen</translation>
    </message>
    <message>
        <source>with %1</source>
        <translation>mit %1</translation>
    </message>
    <message>
        <source>without</source>
        <translation>ohne</translation>
    </message>
    <message>
        <source>Size: rank of the partner</source>
        <translation>Größe: Rang des Partners</translation>
    </message>
    <message>
        <source>rank 1</source>
        <translation>Rang 1</translation>
    </message>
    <message>
        <source>rank 2–10</source>
        <translation>Rang 2–10</translation>
    </message>
    <message>
        <source>rank over 10</source>
        <translation>Rang über 10</translation>
    </message>
    <message>
        <source>Size: the model&apos;s loss</source>
        <translation>Größe: Verlust des Modells</translation>
    </message>
    <message>
        <source>loss 0</source>
        <translation>Verlust 0</translation>
    </message>
    <message>
        <source>loss up to the median (%1)</source>
        <translation>Verlust bis zum Median (%1)</translation>
    </message>
    <message>
        <source>loss above the median</source>
        <translation>Verlust über dem Median</translation>
    </message>
    <message>
        <source>Size: caption length</source>
        <translation>Größe: Beschreibungslänge</translation>
    </message>
    <message>
        <source>1–8 words (and images)</source>
        <translation>1–8 Wörter (und Bilder)</translation>
    </message>
    <message>
        <source>9–15 words</source>
        <translation>9–15 Wörter</translation>
    </message>
    <message>
        <source>Size: k-occurrence (hubs)</source>
        <translation>Größe: k-Vorkommen (Hubs)</translation>
    </message>
    <message>
        <source>at most its share</source>
        <translation>höchstens sein Anteil</translation>
    </message>
    <message>
        <source>up to 3× its share</source>
        <translation>bis zum 3-Fachen seines Anteils</translation>
    </message>
    <message>
        <source>a hub (over 3× its share)</source>
        <translation>ein Hub (über dem 3-Fachen seines Anteils)</translation>
    </message>
</context>
<context>
    <name>ModelRegistry</name>
    <message>
        <source>Bag of words</source>
        <translation>Wortsack</translation>
    </message>
    <message>
        <source>the mean of the caption&apos;s word vectors: the baseline that ignores word order</source>
        <translation>der Mittelwert der Wortvektoren der Bildunterschrift: die Vergleichsbasis, die die Wortfolge nicht beachtet</translation>
    </message>
    <message>
        <source>Chain RNN</source>
        <translation>Ketten-RNN</translation>
    </message>
    <message>
        <source>a recurrent network read left to right; its last state embeds the caption</source>
        <translation>ein rekurrentes Netz, von links nach rechts gelesen; sein letzter Zustand bettet die Bildunterschrift ein</translation>
    </message>
    <message>
        <source>LSTM</source>
        <translation>LSTM</translation>
    </message>
    <message>
        <source>an LSTM read left to right; its last state embeds the caption</source>
        <translation>ein LSTM, von links nach rechts gelesen; sein letzter Zustand bettet die Bildunterschrift ein</translation>
    </message>
    <message>
        <source>char-GRU</source>
        <translation>Zeichen-GRU</translation>
    </message>
    <message>
        <source>reads characters, not words, with attention: robust to spelling, best at sentence similarity</source>
        <translation>liest Zeichen statt Wörter, mit Attention: robust gegen Schreibweisen, am besten bei Satzähnlichkeit</translation>
    </message>
    <message>
        <source>char-LSTM</source>
        <translation>Zeichen-LSTM</translation>
    </message>
    <message>
        <source>the char-GRU with LSTM cells</source>
        <translation>die Zeichen-GRU mit LSTM-Zellen</translation>
    </message>
    <message>
        <source>CCA</source>
        <translation>CCA</translation>
    </message>
    <message>
        <source>a linear map of both sides fitted in one step, no training loop: the quickest baseline</source>
        <translation>eine lineare Abbildung beider Seiten, in einem Schritt angepasst, ohne Trainingsschleife: die schnellste Vergleichsbasis</translation>
    </message>
    <message>
        <source>CT-RNN</source>
        <translation>CT-RNN</translation>
    </message>
    <message>
        <source>composes the caption along its constituency tree</source>
        <translation>setzt die Bildunterschrift entlang ihres Konstituentenbaums zusammen</translation>
    </message>
    <message>
        <source>DT-RNN</source>
        <translation>DT-RNN</translation>
    </message>
    <message>
        <source>composes the caption along its dependency tree, one matrix per child position</source>
        <translation>setzt die Bildunterschrift entlang ihres Abhängigkeitsbaums zusammen, eine Matrix je Kindposition</translation>
    </message>
    <message>
        <source>SDT-RNN</source>
        <translation>SDT-RNN</translation>
    </message>
    <message>
        <source>the DT-RNN with one matrix per dependency relation</source>
        <translation>das DT-RNN mit einer Matrix je Abhängigkeitsrelation</translation>
    </message>
    <message>
        <source>DT-LSTM</source>
        <translation>DT-LSTM</translation>
    </message>
    <message>
        <source>an LSTM over the dependency tree with a twin network on the image side</source>
        <translation>ein LSTM über dem Abhängigkeitsbaum mit einem Zwillingsnetz auf der Bildseite</translation>
    </message>
    <message>
        <source>HM-LSTM</source>
        <translation>HM-LSTM</translation>
    </message>
    <message>
        <source>embeds the caption and each noun phrase, and learns which image region each phrase describes</source>
        <translation>bettet die Bildunterschrift und jede Nominalphrase ein und lernt, welche Bildregion jede Phrase beschreibt</translation>
    </message>
    <message>
        <source>Concepts + order</source>
        <translation>Konzepte + Reihenfolge</translation>
    </message>
    <message>
        <source>detects concepts in image regions and fuses them with the whole image; LSTM sentences with a generation loss</source>
        <translation>erkennt Konzepte in Bildregionen und verbindet sie mit dem ganzen Bild; LSTM-Sätze mit einem Generierungsverlust</translation>
    </message>
    <message>
        <source>Imported space</source>
        <translation>Importierter Raum</translation>
    </message>
    <message>
        <source>a joint space trained elsewhere, explored and probed here</source>
        <translation>ein anderswo trainierter gemeinsamer Raum, hier erkundet und geprüft</translation>
    </message>
</context>
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
        <source>the folder %1 does not exist</source>
        <translation>der Ordner %1 existiert nicht</translation>
    </message>
    <message>
        <source>%1: unknown figure format &apos;%2&apos; (use .png, .svg or .pdf)</source>
        <translation>%1: unbekanntes Abbildungsformat „%2“ (.png, .svg oder .pdf verwenden)</translation>
    </message>
    <message>
        <source>image file missing:
%1</source>
        <translation>Bilddatei fehlt:
%1</translation>
    </message>
    <message>
        <source>cannot read %1:
%2</source>
        <translation>%1 kann nicht gelesen werden:
%2</translation>
    </message>
    <message>
        <source>, IoU %1 %2</source>
        <translation>, IoU %1 %2</translation>
    </message>
    <message>
        <source>learned</source>
        <translation>gelernt</translation>
    </message>
    <message>
        <source>ground truth</source>
        <translation>Ground Truth</translation>
    </message>
    <message>
        <source>ground truth (dashed)</source>
        <translation>Ground Truth (gestrichelt)</translation>
    </message>
    <message>
        <source>%1 — p %2, region %3</source>
        <translation>%1 — p %2, Region %3</translation>
    </message>
    <message>
        <source>%1: top concepts; gate t mean %2</source>
        <translation>%1: wichtigste Konzepte; Gate t im Mittel %2</translation>
    </message>
    <message>
        <source>%1: top concepts</source>
        <translation>%1: wichtigste Konzepte</translation>
    </message>
    <message>
        <source>Ranked list</source>
        <translation>Rangliste</translation>
    </message>
    <message>
        <source>prior: %1</source>
        <translation>Prior: %1</translation>
    </message>
    <message>
        <source>label prior&apos;s choice, no training (grey, dashed)</source>
        <translation>Wahl des Label-Priors, ohne Training (grau, gestrichelt)</translation>
    </message>
</context>
<context>
    <name>RankedListExport</name>
    <message>
        <source>Captions ranked for image %1</source>
        <translation>Rangfolge der Beschreibungen für Bild %1</translation>
    </message>
    <message>
        <source>Images ranked for “%1”</source>
        <translation>Rangfolge der Bilder für „%1“</translation>
    </message>
    <message>
        <source>Run: %1</source>
        <translation>Lauf: %1</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Bild</translation>
    </message>
    <message>
        <source>Image id</source>
        <translation>Bild-ID</translation>
    </message>
    <message>
        <source>Caption</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>(image not readable)</source>
        <translation>(Bild nicht lesbar)</translation>
    </message>
    <message>
        <source>%1: unknown format (use .csv, .json or .html)</source>
        <translation>%1: unbekanntes Format (.csv, .json oder .html verwenden)</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>HTML page with thumbnails (*.html);;CSV (*.csv);;JSON (*.json)</source>
        <translation>HTML-Seite mit Vorschaubildern (*.html);;CSV (*.csv);;JSON (*.json)</translation>
    </message>
</context>
<context>
    <name>RateEstimator</name>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
</context>
<context>
    <name>RunCurves</name>
    <message>
        <source>%1: not a training run (no %2 or %3)</source>
        <translation>%1: kein Trainingslauf (weder %2 noch %3)</translation>
    </message>
</context>
<context>
    <name>TrainConfigSchema</name>
    <message>
        <source>Seed</source>
        <translation>Startwert</translation>
    </message>
    <message>
        <source>Image side</source>
        <translation>Bildseite</translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation>Ähnlichkeit</translation>
    </message>
    <message>
        <source>Embed dim</source>
        <translation>Einbettungsdimension</translation>
    </message>
    <message>
        <source>Word dim</source>
        <translation>Wortdimension</translation>
    </message>
    <message>
        <source>Hidden dim</source>
        <translation>Verborgene Dimension</translation>
    </message>
    <message>
        <source>Char dim</source>
        <translation>Zeichendimension</translation>
    </message>
    <message>
        <source>Attention hidden</source>
        <translation>Attention-Neuronen</translation>
    </message>
    <message>
        <source>Pooling</source>
        <translation>Pooling</translation>
    </message>
    <message>
        <source>Word vectors</source>
        <translation>Wortvektoren</translation>
    </message>
    <message>
        <source>Freeze words</source>
        <translation>Wörter einfrieren</translation>
    </message>
    <message>
        <source>Twin batches</source>
        <translation>Zwillings-Minibatches</translation>
    </message>
    <message>
        <source>Selection</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>Min word count</source>
        <translation>Mindestworthäufigkeit</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>Aktivierung</translation>
    </message>
    <message>
        <source>LSTM positions</source>
        <translation>LSTM-Positionen</translation>
    </message>
    <message>
        <source>Min relation count</source>
        <translation>Mindestrelationshäufigkeit</translation>
    </message>
    <message>
        <source>Phrase losses</source>
        <translation>Phrasenverluste</translation>
    </message>
    <message>
        <source>Root-only epochs</source>
        <translation>Epochen nur mit Wurzel</translation>
    </message>
    <message>
        <source>Alternation epochs</source>
        <translation>Wechselepochen</translation>
    </message>
    <message>
        <source>Regions</source>
        <translation>Regionen</translation>
    </message>
    <message>
        <source>Max regions</source>
        <translation>Höchstzahl Regionen</translation>
    </message>
    <message>
        <source>Image input</source>
        <translation>Bildeingabe</translation>
    </message>
    <message>
        <source>Fusion</source>
        <translation>Fusion</translation>
    </message>
    <message>
        <source>Generation weight λ</source>
        <translation>Generierungsgewicht λ</translation>
    </message>
    <message>
        <source>Shared embeddings</source>
        <translation>Geteilte Einbettungen</translation>
    </message>
    <message>
        <source>Scheduled sampling</source>
        <translation>Scheduled Sampling</translation>
    </message>
    <message>
        <source>Negatives</source>
        <translation>Negativbeispiele</translation>
    </message>
    <message>
        <source>Concepts K</source>
        <translation>Konzepte K</translation>
    </message>
    <message>
        <source>Concept regions r</source>
        <translation>Konzeptregionen r</translation>
    </message>
    <message>
        <source>Context crops</source>
        <translation>Kontextausschnitte</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>Negative pool</source>
        <translation>Negativbeispiel-Pool</translation>
    </message>
    <message>
        <source>Margin</source>
        <translation>Marge</translation>
    </message>
    <message>
        <source>Regularisation</source>
        <translation>Regularisierung</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>Adagrad reset epochs</source>
        <translation>AdaGrad-Rücksetzepochen</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Lernratenplan</translation>
    </message>
    <message>
        <source>LR min</source>
        <translation>LR min</translation>
    </message>
    <message>
        <source>LR max</source>
        <translation>LR max</translation>
    </message>
    <message>
        <source>Cycle epochs</source>
        <translation>Zyklusepochen</translation>
    </message>
    <message>
        <source>Ensemble snapshots</source>
        <translation>Ensemble-Snapshots</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>Epochen</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>Minibatch-Größe</translation>
    </message>
    <message>
        <source>Recorded images</source>
        <translation>Aufgezeichnete Bilder</translation>
    </message>
    <message>
        <source>CCA regularisation</source>
        <translation>CCA-Regularisierung</translation>
    </message>
    <message>
        <source>Region pooling</source>
        <translation>Regionen-Pooling</translation>
    </message>
    <message>
        <source>Proposals</source>
        <translation>Vorschläge</translation>
    </message>
    <message>
        <source>Region input</source>
        <translation>Regionen-Eingabe</translation>
    </message>
    <message>
        <source>Concept words</source>
        <translation>Konzeptwörter</translation>
    </message>
    <message>
        <source>Concept agreement</source>
        <translation>Konzept-Übereinstimmung</translation>
    </message>
    <message>
        <source>Concept caption share</source>
        <translation>Konzept-Anteil an Beschreibungen</translation>
    </message>
    <message>
        <source>Concept CNN loss</source>
        <translation>Konzept-CNN-Verlust</translation>
    </message>
    <message>
        <source>Concept pooling</source>
        <translation>Konzept-Pooling</translation>
    </message>
    <message>
        <source>Concept temperature</source>
        <translation>Konzept-Temperatur</translation>
    </message>
    <message>
        <source>Correspondence prior λ</source>
        <translation>Label-Prior der Korrespondenzen λ</translation>
    </message>
    <message>
        <source>Concept detector</source>
        <translation>Konzeptdetektor</translation>
    </message>
    <message>
        <source>Backbone detectors&apos; loss</source>
        <translation>Verlust der Backbone-Detektoren</translation>
    </message>
    <message>
        <source>Backbone detectors&apos; start</source>
        <translation>Startpunkt der Backbone-Detektoren</translation>
    </message>
    <message>
        <source>Backbone detectors&apos; decay</source>
        <translation>Gewichtsabnahme der Backbone-Detektoren</translation>
    </message>
    <message>
        <source>Crops from</source>
        <translation>Ausschnitte aus</translation>
    </message>
</context>
<context>
    <name>TrainingPanel</name>
    <message>
        <source>; 95 % intervals over the test queries: R@10 i→t %1, t→i %2, rsum %3</source>
        <translation>; 95-%-Intervalle über die Testanfragen: R@10 Bild→Text %1, Text→Bild %2, rsum %3</translation>
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
    <name>gs::AnalysisPanel</name>
    <message>
        <source>Analyze</source>
        <translation>Analysieren</translation>
    </message>
    <message>
        <source>Slices, retrieval with intervals, hubs, the modality gap and plausible matches of the run&apos;s test split</source>
        <translation>Ausschnitte, Suche mit Intervallen, Hubs, die Modalitätslücke und plausible Treffer der Testaufteilung des Laufs</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Slices</source>
        <translation>Ausschnitte</translation>
    </message>
    <message>
        <source>Direction</source>
        <translation>Richtung</translation>
    </message>
    <message>
        <source>Queries</source>
        <translation>Anfragen</translation>
    </message>
    <message>
        <source>R@1</source>
        <translation>R@1</translation>
    </message>
    <message>
        <source>R@5</source>
        <translation>R@5</translation>
    </message>
    <message>
        <source>R@10</source>
        <translation>R@10</translation>
    </message>
    <message>
        <source>Median rank</source>
        <translation>Median-Rang</translation>
    </message>
    <message>
        <source>Mean rank</source>
        <translation>Mittlerer Rang</translation>
    </message>
    <message>
        <source>95 % bootstrap intervals over the queries</source>
        <translation>95-%-Bootstrap-Intervalle über die Anfragen</translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation>Suche</translation>
    </message>
    <message>
        <source>Hubs</source>
        <translation>Hubs</translation>
    </message>
    <message>
        <source>Gap</source>
        <translation>Lücke</translation>
    </message>
    <message>
        <source>PMRP</source>
        <translation>PMRP</translation>
    </message>
    <message>
        <source>Plausible R@1</source>
        <translation>Plausibles R@1</translation>
    </message>
    <message>
        <source>Plausible items per query</source>
        <translation>Plausible Elemente je Anfrage</translation>
    </message>
    <message>
        <source>Plausible</source>
        <translation>Plausibel</translation>
    </message>
    <message>
        <source>Slice</source>
        <translation>Ausschnitt</translation>
    </message>
    <message>
        <source>R@10 [95 %]</source>
        <translation>R@10 [95 %]</translation>
    </message>
    <message>
        <source>Δ R@10</source>
        <translation>Δ R@10</translation>
    </message>
    <message>
        <source>Mean rank [95 %]</source>
        <translation>Mittlerer Rang [95 %]</translation>
    </message>
    <message>
        <source>Show every caption</source>
        <translation>Alle Beschreibungen zeigen</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>Seite</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>Skewness of N_k</source>
        <translation>Schiefe von N_k</translation>
    </message>
    <message>
        <source>Largest N_k</source>
        <translation>Größtes N_k</translation>
    </message>
    <message>
        <source>Top hubs</source>
        <translation>Stärkste Hubs</translation>
    </message>
    <message>
        <source>N_k: how often an item is among the other side&apos;s top k</source>
        <translation>N_k: wie oft ein Element unter den besten k der anderen Seite ist</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>Epoche</translation>
    </message>
    <message>
        <source>Centroid distance</source>
        <translation>Schwerpunktabstand</translation>
    </message>
    <message>
        <source>Cross-modal share %</source>
        <translation>Anteil der anderen Modalität %</translation>
    </message>
    <message>
        <source>rsum</source>
        <translation>rsum</translation>
    </message>
    <message>
        <source>rsum centred</source>
        <translation>rsum zentriert</translation>
    </message>
    <message>
        <source>Analyze %1</source>
        <translation>%1 analysieren</translation>
    </message>
    <message>
        <source>Cannot analyze the run: %1</source>
        <translation>Der Lauf kann nicht analysiert werden: %1</translation>
    </message>
    <message>
        <source>Analyzing the test split…</source>
        <translation>Die Testaufteilung wird analysiert …</translation>
    </message>
    <message>
        <source>Analysis cancelled.</source>
        <translation>Analyse abgebrochen.</translation>
    </message>
    <message>
        <source>Train a model or open a run, then analyze it.</source>
        <translation>Trainieren Sie ein Modell oder öffnen Sie einen Lauf und analysieren Sie ihn dann.</translation>
    </message>
    <message>
        <source>Analyze the run to see where its joint space fails.</source>
        <translation>Analysieren Sie den Lauf, um zu sehen, wo sein gemeinsamer Raum versagt.</translation>
    </message>
    <message>
        <source>%1 images, %2 captions of the test split.</source>
        <translation>%1 Bilder, %2 Beschreibungen der Testaufteilung.</translation>
    </message>
    <message>
        <source>image→text</source>
        <translation>Bild→Text</translation>
    </message>
    <message>
        <source>text→image</source>
        <translation>Text→Bild</translation>
    </message>
    <message>
        <source>images</source>
        <translation>Bilder</translation>
    </message>
    <message>
        <source>captions</source>
        <translation>Beschreibungen</translation>
    </message>
    <message>
        <source>%1: rsum %2 (R@1 %3 / %4, image→text / text→image)</source>
        <translation>%1: rsum %2 (R@1 %3 / %4, Bild→Text / Text→Bild)</translation>
    </message>
    <message>
        <source>Hub-reducing re-ranking, beside plain ranking:</source>
        <translation>Hub-mindernde Neusortierung neben der einfachen Rangfolge:</translation>
    </message>
    <message>
        <source>plain</source>
        <translation>einfach</translation>
    </message>
    <message>
        <source>CSLS (k=%1)</source>
        <translation>CSLS (k=%1)</translation>
    </message>
    <message>
        <source>inverted softmax (β=%1)</source>
        <translation>invertiertes Softmax (β=%1)</translation>
    </message>
    <message>
        <source>Centroid distance %1 (normalised vectors), %2 (raw)
Other-modality share of the %3 nearest items: images %4 %, captions %5 %
rsum %6 plain, %7 with each modality centred</source>
        <translation>Schwerpunktabstand %1 (normierte Vektoren), %2 (roh)
Anteil der anderen Modalität unter den %3 nächsten Elementen: Bilder %4 %, Beschreibungen %5 %
rsum %6 einfach, %7 mit jeder Modalität zentriert</translation>
    </message>
    <message>
        <source>Retrieval with intervals</source>
        <translation>Suche mit Intervallen</translation>
    </message>
    <message>
        <source>Plausible matches</source>
        <translation>Plausible Treffer</translation>
    </message>
    <message>
        <source>Modality gap per epoch</source>
        <translation>Modalitätslücke je Epoche</translation>
    </message>
    <message>
        <source>The images have no concepts (ground truth, a concepts run&apos;s, or nouns their captions agree on): no plausible matches.</source>
        <translation>Die Bilder haben keine Konzepte (Grundwahrheit, die eines Konzept-Laufs oder Substantive, auf die sich ihre Beschreibungen einigen): keine plausiblen Treffer.</translation>
    </message>
    <message>
        <source>An image with the same concepts as the query&apos;s counts as right. Concepts: %1.</source>
        <translation>Ein Bild mit denselben Konzepten wie das der Anfrage zählt als richtig. Konzepte: %1.</translation>
    </message>
    <message>
        <source>Queries by caption and image features, worst first; grey, at the end: fewer than 5 queries. Select a slice to show its captions on the Map and in the Retrieval dock.</source>
        <translation>Anfragen nach Merkmalen von Beschreibung und Bild, die schlechtesten zuerst; grau, am Ende: weniger als 5 Anfragen. Wählen Sie einen Ausschnitt, um seine Beschreibungen in der Karte und im Such-Dock zu zeigen.</translation>
    </message>
    <message>
        <source>Text→image queries</source>
        <translation>Text→Bild-Anfragen</translation>
    </message>
    <message>
        <source>Image→text queries</source>
        <translation>Bild→Text-Anfragen</translation>
    </message>
    <message>
        <source>Captions searching for their image, sliced by caption and image features; or images searching for their captions, sliced by image features (an image slice shows its images&apos; captions)</source>
        <translation>Beschreibungen, die ihr Bild suchen, nach Merkmalen von Beschreibung und Bild; oder Bilder, die ihre Beschreibungen suchen, nach Bildmerkmalen (ein Bildausschnitt zeigt die Beschreibungen seiner Bilder)</translation>
    </message>
</context>
<context>
    <name>gs::AtEpochTable</name>
    <message>
        <source>Hide the table (pick an epoch on the curves to show it again)</source>
        <translation>Tabelle ausblenden (wählen Sie eine Epoche in den Kurven, um sie wieder anzuzeigen)</translation>
    </message>
    <message>
        <source>Hide the epoch table</source>
        <translation>Epochentabelle ausblenden</translation>
    </message>
    <message>
        <source>Metrics at the picked epoch</source>
        <translation>Metriken in der gewählten Epoche</translation>
    </message>
    <message>
        <source>At epoch %1</source>
        <translation>In Epoche %1</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
</context>
<context>
    <name>gs::Attribution</name>
    <message>
        <source>CSV table (*.csv);;JSON (*.json)</source>
        <translation>CSV-Tabelle (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Occlusion</source>
        <translation>Verdeckung</translation>
    </message>
    <message>
        <source>Gradient × input</source>
        <translation>Gradient × Eingabe</translation>
    </message>
    <message>
        <source>Integrated gradients</source>
        <translation>Integrierte Gradienten</translation>
    </message>
    <message>
        <source>kCCA is a closed-form projection, not a network: it has no gradient to follow. Use occlusion.</source>
        <translation>kCCA ist eine geschlossene Projektion, kein Netz: Es gibt keinen Gradienten. Verwenden Sie Verdeckung.</translation>
    </message>
    <message>
        <source>contribution: %1</source>
        <translation>Beitrag: %1</translation>
    </message>
    <message>
        <source>subtree sum: %1</source>
        <translation>Summe des Teilbaums: %1</translation>
    </message>
    <message>
        <source>without it nothing would remain</source>
        <translation>ohne ihn bliebe nichts übrig</translation>
    </message>
    <message>
        <source>without it: “%1”</source>
        <translation>ohne ihn: „%1“</translation>
    </message>
    <message>
        <source>score %1 (was %2), rank %3 of %4 (was %5)</source>
        <translation>Wert %1 (vorher %2), Rang %3 von %4 (vorher %5)</translation>
    </message>
    <message>
        <source>Δscore: %1</source>
        <translation>ΔWert: %1</translation>
    </message>
    <message>
        <source>score occluded: %1 (was %2)</source>
        <translation>Wert verdeckt: %1 (vorher %2)</translation>
    </message>
    <message>
        <source>rank occluded: %1 of %2 (was %3)</source>
        <translation>Rang verdeckt: %1 von %2 (vorher %3)</translation>
    </message>
    <message>
        <source>contribution to the score (%1): blue lowers it, red raises it</source>
        <translation>Beitrag zum Wert (%1): Blau senkt ihn, Rot hebt ihn</translation>
    </message>
    <message>
        <source>Opening the run</source>
        <translation>Lauf wird geöffnet</translation>
    </message>
    <message>
        <source>contribution (sum over its characters): %1</source>
        <translation>Beitrag (Summe über seine Zeichen): %1</translation>
    </message>
    <message>
        <source>Export the contributions</source>
        <translation>Beiträge exportieren</translation>
    </message>
</context>
<context>
    <name>gs::BackbonePicker</name>
    <message>
        <source>The network that turns images into features. concept-cnn is built in: a small CNN trained on the open dataset&apos;s own captions, right for the Scenes demo and weak on photos. For photos (Flickr8k, Flickr30k, COCO) add an ImageNet network as an ONNX or TorchScript file (MobileNetV2 or ResNet-50 from the ONNX model zoo, say) with &quot;Add a network file…&quot;; its preset (input size, normalisation) follows from the file name.</source>
        <translation>Das Netz, das Bilder in Merkmale verwandelt. concept-cnn ist eingebaut: ein kleines CNN, trainiert auf den Bildunterschriften des geöffneten Datensatzes, passend für die Scenes-Demo und schwach bei Fotos. Für Fotos (Flickr8k, Flickr30k, COCO) ein ImageNet-Netz als ONNX- oder TorchScript-Datei hinzufügen (etwa MobileNetV2 oder ResNet-50 aus dem ONNX Model Zoo) mit „Netzdatei hinzufügen…“; seine Voreinstellung (Eingabegröße, Normierung) folgt aus dem Dateinamen.</translation>
    </message>
    <message>
        <source>Add a network file…</source>
        <translation>Netzdatei hinzufügen…</translation>
    </message>
    <message>
        <source>Add a network file</source>
        <translation>Netzdatei hinzufügen</translation>
    </message>
    <message>
        <source>Networks and features (*.onnx *.pt *.ts *.npy);;All files (*)</source>
        <translation>Netze und Merkmale (*.onnx *.pt *.ts *.npy);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>gs::BackgroundJob</name>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
</context>
<context>
    <name>gs::CaptionHistory</name>
    <message>
        <source>Caption</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Bild</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Δ to the first</source>
        <translation>Δ zur ersten</translation>
    </message>
    <message>
        <source>Every caption scored; double-click a row to load its caption again</source>
        <translation>Jede bewertete Beschreibung; Doppelklick auf eine Zeile lädt sie erneut</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
</context>
<context>
    <name>gs::CaptionLab</name>
    <message>
        <source>Scored captions</source>
        <translation>Bewertete Beschreibungen</translation>
    </message>
    <message>
        <source>Caption</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Type a caption, e.g. “a red circle above a blue square”</source>
        <translation>Beschreibung eingeben, z. B. „a red circle above a blue square“</translation>
    </message>
    <message>
        <source>Start from the selected caption</source>
        <translation>Von der ausgewählten Beschreibung ausgehen</translation>
    </message>
    <message>
        <source>Copy the caption selected in the dataset into the editor</source>
        <translation>Die im Datensatz ausgewählte Beschreibung in das Eingabefeld kopieren</translation>
    </message>
    <message>
        <source>Attribution method</source>
        <translation>Attributionsmethode</translation>
    </message>
    <message>
        <source>Colour by</source>
        <translation>Färben nach</translation>
    </message>
    <message>
        <source>Parts of the caption, by contribution to the score</source>
        <translation>Teile der Beschreibung, nach Beitrag zum Wert</translation>
    </message>
    <message>
        <source>Best images for the caption</source>
        <translation>Beste Bilder für die Beschreibung</translation>
    </message>
    <message>
        <source>The test images the caption scores highest against; activate one to select it</source>
        <translation>Die Testbilder mit dem höchsten Wert für die Beschreibung; aktivieren Sie eines, um es auszuwählen</translation>
    </message>
    <message>
        <source>Best images</source>
        <translation>Beste Bilder</translation>
    </message>
    <message>
        <source>Open a trained run to score captions (File &gt; Open recent run, or train one).</source>
        <translation>Öffnen Sie einen trainierten Lauf, um Beschreibungen zu bewerten (Datei &gt; Zuletzt geöffneter Lauf, oder trainieren Sie einen).</translation>
    </message>
    <message>
        <source>Opening the run…</source>
        <translation>Lauf wird geöffnet…</translation>
    </message>
    <message>
        <source>Open the run for the caption lab</source>
        <translation>Lauf für das Beschreibungslabor öffnen</translation>
    </message>
    <message>
        <source>The run cannot be opened for scoring: %1</source>
        <translation>Der Lauf kann nicht zum Bewerten geöffnet werden: %1</translation>
    </message>
    <message>
        <source>Image: %1</source>
        <translation>Bild: %1</translation>
    </message>
    <message>
        <source>Image: none selected</source>
        <translation>Bild: keines ausgewählt</translation>
    </message>
    <message>
        <source>Type a caption to score it against the selected image.</source>
        <translation>Geben Sie eine Beschreibung ein, um sie gegen das ausgewählte Bild zu bewerten.</translation>
    </message>
    <message>
        <source>Image %1 is not in the run&apos;s data: select another image.</source>
        <translation>Bild %1 ist nicht in den Daten des Laufs: Wählen Sie ein anderes Bild.</translation>
    </message>
    <message>
        <source>Select an image (in the Dataset dock) to score the caption against.</source>
        <translation>Wählen Sie ein Bild (im Datensatz-Dock), gegen das die Beschreibung bewertet wird.</translation>
    </message>
    <message>
        <source>Score a caption in the lab</source>
        <translation>Beschreibung im Labor bewerten</translation>
    </message>
    <message>
        <source>No word of “%1” is in the run&apos;s vocabulary: the model cannot read it.</source>
        <translation>Kein Wort von „%1“ ist im Vokabular des Laufs: Das Modell kann sie nicht lesen.</translation>
    </message>
    <message>
        <source>Score %1 — image %2 ranks %3 of %4</source>
        <translation>Wert %1 — Bild %2 steht auf Rang %3 von %4</translation>
    </message>
    <message>
        <source>Export contributions…</source>
        <translation>Beiträge exportieren…</translation>
    </message>
    <message>
        <source>Write each part&apos;s contribution to the score as a CSV or JSON table</source>
        <translation>Den Beitrag jedes Teils zur Bewertung als CSV- oder JSON-Tabelle schreiben</translation>
    </message>
    <message>
        <source>Export figure…</source>
        <translation>Abbildung exportieren…</translation>
    </message>
    <message>
        <source>Write the caption&apos;s parts coloured by contribution as a PNG, SVG or PDF figure</source>
        <translation>Die Teile der Beschreibung nach Beitrag eingefärbt als PNG-, SVG- oder PDF-Abbildung schreiben</translation>
    </message>
    <message>
        <source>No caption is scored yet.</source>
        <translation>Noch keine Beschreibung bewertet.</translation>
    </message>
    <message>
        <source>Export the contributions</source>
        <translation>Beiträge exportieren</translation>
    </message>
    <message>
        <source>Export the figure</source>
        <translation>Abbildung exportieren</translation>
    </message>
    <message>
        <source>Open contrast pairs…</source>
        <translation>Kontrastpaare öffnen…</translation>
    </message>
    <message>
        <source>Browse the pairs `groundscope-cli contrast RUN --export FILE` wrote (JSON or CSV)</source>
        <translation>Die Paare durchsehen, die `groundscope-cli contrast RUN --export FILE` geschrieben hat (JSON oder CSV)</translation>
    </message>
    <message>
        <source>Contrast pairs</source>
        <translation>Kontrastpaare</translation>
    </message>
    <message>
        <source>Open contrast pairs</source>
        <translation>Kontrastpaare öffnen</translation>
    </message>
    <message>
        <source>Contrast pairs (*.json *.csv);;All files (*)</source>
        <translation>Kontrastpaare (*.json *.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot open the contrast pairs: %1</source>
        <translation>Die Kontrastpaare lassen sich nicht öffnen: %1</translation>
    </message>
    <message>
        <source>Contrast pairs — %1</source>
        <translation>Kontrastpaare — %1</translation>
    </message>
    <message>
        <source>Image %1 of the pair is not in the open dataset: open the dataset the run was trained on.</source>
        <translation>Bild %1 des Paars ist nicht im geöffneten Datensatz: Öffnen Sie den Datensatz, mit dem der Lauf trainiert wurde.</translation>
    </message>
</context>
<context>
    <name>gs::CaptionParseJob</name>
    <message>
        <source>Parse “%1”</source>
        <translation>Satz „%1“ parsen</translation>
    </message>
</context>
<context>
    <name>gs::ComparedListModel</name>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: &gt;%2</source>
        <translation>%1: &gt;%2</translation>
    </message>
    <message>
        <source>Rank %1 here, %2 in %3; score %4
%5</source>
        <translation>Rang %1 hier, %2 in %3; Score %4
%5</translation>
    </message>
    <message>
        <source>below the listed rows</source>
        <translation>unterhalb der aufgelisteten Zeilen</translation>
    </message>
    <message>
        <source>%1
image %2</source>
        <translation>%1
Bild %2</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Caption</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Bild</translation>
    </message>
    <message>
        <source>in B</source>
        <translation>in B</translation>
    </message>
    <message>
        <source>in A</source>
        <translation>in A</translation>
    </message>
</context>
<context>
    <name>gs::ComparedMap</name>
    <message>
        <source>Close the comparison</source>
        <translation>Vergleich schließen</translation>
    </message>
    <message>
        <source>%1 — cancelled</source>
        <translation>%1 — abgebrochen</translation>
    </message>
    <message>
        <source>%1 — the layout failed: %2</source>
        <translation>%1 — das Layout ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet…</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Compared map</source>
        <translation>Vergleichskarte</translation>
    </message>
    <message>
        <source>%1 — %2 % of each item&apos;s 10 nearest neighbours kept%3</source>
        <translation>%1 — %2 % der 10 nächsten Nachbarn jedes Elements erhalten%3</translation>
    </message>
    <message>
        <source>; started from the first map</source>
        <translation>; ausgehend von der ersten Karte</translation>
    </message>
    <message>
        <source>%1 — laying out…</source>
        <translation>%1 — Layout wird berechnet…</translation>
    </message>
    <message>
        <source>Open %1 for comparison</source>
        <translation>%1 zum Vergleich öffnen</translation>
    </message>
</context>
<context>
    <name>gs::ConceptsView</name>
    <message>
        <source>Concepts</source>
        <translation>Konzepte</translation>
    </message>
    <message>
        <source>%1: p = %2, maximum in region %3 (%4)</source>
        <translation>%1: p = %2, Maximum in Region %3 (%4)</translation>
    </message>
    <message>
        <source>Gate t (Eq. 2): mean %1 over its %2 dimensions — 1 leans on the concepts, 0 on the global context.</source>
        <translation>Gate t (Gl. 2): Mittelwert %1 über seine %2 Dimensionen — 1 stützt sich auf die Konzepte, 0 auf den globalen Kontext.</translation>
    </message>
    <message>
        <source>This run&apos;s image side has no gate (it does not fuse concepts and context with Eq. 2).</source>
        <translation>Die Bildseite dieses Laufs hat kein Gate (sie verbindet Konzepte und Kontext nicht mit Gl. 2).</translation>
    </message>
</context>
<context>
    <name>gs::ContrastPairsView</name>
    <message>
        <source>Generator</source>
        <translation>Generator</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Bild</translation>
    </message>
    <message>
        <source>Original</source>
        <translation>Original</translation>
    </message>
    <message>
        <source>Edited</source>
        <translation>Bearbeitet</translation>
    </message>
    <message>
        <source>Original score</source>
        <translation>Score des Originals</translation>
    </message>
    <message>
        <source>Edited score</source>
        <translation>Score der Bearbeitung</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Contrast pairs</source>
        <translation>Kontrastpaare</translation>
    </message>
    <message>
        <source>Double-click a pair to select its image and score both sentences in the lab</source>
        <translation>Doppelklick auf ein Paar wählt sein Bild und bewertet beide Sätze im Labor</translation>
    </message>
    <message>
        <source>All generators</source>
        <translation>Alle Generatoren</translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) shown</source>
        <translation>
            <numerusform>%n Paar angezeigt</numerusform>
            <numerusform>%n Paare angezeigt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gs::CurveSettings</name>
    <message>
        <source>Validation</source>
        <translation>Validierung</translation>
    </message>
    <message>
        <source>R@1</source>
        <translation>R@1</translation>
    </message>
    <message>
        <source>R@5</source>
        <translation>R@5</translation>
    </message>
    <message>
        <source>R@10</source>
        <translation>R@10</translation>
    </message>
    <message>
        <source>rsum</source>
        <translation>rsum</translation>
    </message>
    <message>
        <source>Smoothing</source>
        <translation>Glättung</translation>
    </message>
    <message>
        <source>Weight of the loss curve&apos;s moving average per minibatch, whatever rate a run logged at (0: raw)</source>
        <translation>Gewicht des gleitenden Mittelwerts der Verlustkurve je Minibatch, unabhängig davon, in welchem Takt ein Lauf protokolliert hat (0: ungeglättet)</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Log-Skala</translation>
    </message>
    <message>
        <source>Show the loss on a logarithmic axis</source>
        <translation>Den Verlust auf einer logarithmischen Achse zeigen</translation>
    </message>
    <message>
        <source>Open run…</source>
        <translation>Lauf öffnen…</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Loss plot…</source>
        <translation>Verlustdiagramm…</translation>
    </message>
    <message>
        <source>Validation plot…</source>
        <translation>Validierungsdiagramm…</translation>
    </message>
    <message>
        <source>Export plot</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
</context>
<context>
    <name>gs::DatasetBrowser</name>
    <message>
        <source>Search image ids and caption words</source>
        <translation>Bild-IDs und Wörter der Beschreibungen durchsuchen</translation>
    </message>
    <message>
        <source>Every word must match the image id or the start of a word in one of its captions</source>
        <translation>Jedes Wort muss auf die Bild-ID oder auf den Anfang eines Wortes in einer der Beschreibungen des Bildes passen</translation>
    </message>
    <message>
        <source>All splits</source>
        <translation>Alle Aufteilungen</translation>
    </message>
    <message>
        <source>train</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>val</source>
        <translation>Validierung</translation>
    </message>
    <message>
        <source>test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>unassigned</source>
        <translation>nicht zugeordnet</translation>
    </message>
    <message>
        <source>No dataset open. Drop a dataset folder or file here, or use File ▸ Open Dataset.</source>
        <translation>Kein Datensatz geöffnet. Ziehen Sie einen Datensatzordner oder eine Datei hierher oder verwenden Sie Datei ▸ Datensatz öffnen.</translation>
    </message>
    <message>
        <source>Select a caption to see its trees and where it ranks its image</source>
        <translation>Wählen Sie eine Beschreibung, um ihre Bäume und den Rang ihres Bildes zu sehen</translation>
    </message>
    <message>
        <source>Captions</source>
        <translation>Beschreibungen</translation>
    </message>
    <message>
        <source>Load report</source>
        <translation>Ladebericht</translation>
    </message>
    <message>
        <source>%1: loaded without problems.</source>
        <translation>%1: ohne Probleme geladen.</translation>
    </message>
    <message>
        <source>Load report (%1)</source>
        <translation>Ladebericht (%1)</translation>
    </message>
    <message>
        <source>%1 of %2 images</source>
        <translation>%1 von %2 Bildern</translation>
    </message>
    <message>
        <source>Order-sensitive: a distractor image&apos;s captions have the same words in another order; only word order tells them apart.</source>
        <translation>Wortfolgesensitiv: Die Beschreibungen eines Distraktorbildes enthalten dieselben Wörter in anderer Reihenfolge; nur die Wortstellung unterscheidet sie.</translation>
    </message>
    <message>
        <source>Select an image to see its captions.</source>
        <translation>Wählen Sie ein Bild, um seine Beschreibungen zu sehen.</translation>
    </message>
    <message numerus="yes">
        <source>%n caption(s)</source>
        <translation>
            <numerusform>%n Beschreibung</numerusform>
            <numerusform>%n Beschreibungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Concepts: %1</source>
        <translation>Konzepte: %1</translation>
    </message>
    <message>
        <source>Images of the dataset</source>
        <translation>Bilder des Datensatzes</translation>
    </message>
    <message>
        <source>Captions of the selected image</source>
        <translation>Beschreibungen des gewählten Bildes</translation>
    </message>
    <message>
        <source>Indexing the captions…</source>
        <translation>Die Bildunterschriften werden indiziert…</translation>
    </message>
    <message>
        <source>Index the captions of %1 images</source>
        <translation>Bildunterschriften von %1 Bildern indizieren</translation>
    </message>
    <message>
        <source>Cannot search: %1</source>
        <translation>Suche nicht möglich: %1</translation>
    </message>
</context>
<context>
    <name>gs::DockTitleBar</name>
    <message>
        <source>Help on the %1 panel (F1)</source>
        <translation>Hilfe zum Bereich %1 (F1)</translation>
    </message>
    <message>
        <source>Float or dock the panel</source>
        <translation>Bereich lösen oder andocken</translation>
    </message>
    <message>
        <source>Close the panel (View menu brings it back)</source>
        <translation>Bereich schließen (das Menü Ansicht holt ihn zurück)</translation>
    </message>
</context>
<context>
    <name>gs::EpochCostView</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>Estimate time per epoch</source>
        <translation>Zeit je Epoche schätzen</translation>
    </message>
    <message>
        <source>Time a few minibatches of the chosen model on the open dataset and extrapolate one epoch (the first time also extracts the features and parses the captions, as a run would)</source>
        <translation>Einige Minibatches des gewählten Modells auf dem geöffneten Datensatz messen und auf eine Epoche hochrechnen (beim ersten Mal werden auch die Merkmale extrahiert und die Bildunterschriften geparst, wie ein Lauf es täte)</translation>
    </message>
    <message>
        <source>Measuring %1…</source>
        <translation>%1 wird gemessen…</translation>
    </message>
    <message>
        <source>Estimate the cost of %1</source>
        <translation>Aufwand von %1 schätzen</translation>
    </message>
    <message>
        <source>≈ %1 per epoch here (%2 training captions at %3 a second), ≈ %4 of memory</source>
        <translation>≈ %1 je Epoche hier (%2 Trainings-Bildunterschriften mit %3 pro Sekunde), ≈ %4 Speicher</translation>
    </message>
    <message>
        <source>No estimate: %1</source>
        <translation>Keine Schätzung: %1</translation>
    </message>
</context>
<context>
    <name>gs::EpochSlider</name>
    <message>
        <source>The recorded epochs: each map starts from the previous epoch&apos;s, so items move only as their place in the joint space changed</source>
        <translation>Die aufgezeichneten Epochen: Jede Karte geht von der der vorigen Epoche aus, sodass sich Elemente nur so weit bewegen, wie sich ihr Platz im gemeinsamen Raum verändert hat</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>Epoche</translation>
    </message>
    <message>
        <source>Replay the epochs in order</source>
        <translation>Epochen der Reihe nach wiedergeben</translation>
    </message>
    <message>
        <source>Play epochs</source>
        <translation>Epochen abspielen</translation>
    </message>
    <message>
        <source>no recorded epochs</source>
        <translation>keine aufgezeichneten Epochen</translation>
    </message>
    <message>
        <source>epoch %1 of %2</source>
        <translation>Epoche %1 von %2</translation>
    </message>
</context>
<context>
    <name>gs::GoldBoxesView</name>
    <message>
        <source>Gold boxes…</source>
        <translation>Goldboxen…</translation>
    </message>
    <message>
        <source>Gold phrase boxes</source>
        <translation>Gold-Phrasenboxen</translation>
    </message>
    <message>
        <source>Phrase boxes (*.tsv *.txt);;All files (*)</source>
        <translation>Phrasenboxen (*.tsv *.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Gold boxes score an HM-LSTM run&apos;s choices: open one first.</source>
        <translation>Goldboxen bewerten die Wahl eines HM-LSTM-Laufs: zuerst einen öffnen.</translation>
    </message>
    <message>
        <source>Scoring %1…</source>
        <translation>Bewerte %1…</translation>
    </message>
    <message>
        <source>Score the gold phrase boxes</source>
        <translation>Gold-Phrasenboxen bewerten</translation>
    </message>
    <message>
        <source>Cannot score the gold boxes: %1</source>
        <translation>Die Goldboxen lassen sich nicht bewerten: %1</translation>
    </message>
    <message>
        <source>None of the gold set&apos;s %1 images is in the run&apos;s data.</source>
        <translation>Keines der %1 Bilder des Goldsets ist in den Daten des Laufs.</translation>
    </message>
    <message>
        <source>Score the run&apos;s phrase → region choices against hand-drawn phrase boxes (a gold file, or a Flickr30k Entities folder), beside choices that need no model: the whole image, the largest and the most central box, and the label prior. The gold boxes and the prior&apos;s choices are then drawn on the captions they cover.</source>
        <translation>Bewertet die Phrase → Region-Wahl des Laufs an von Hand gezeichneten Phrasenboxen (einer Golddatei oder einem Flickr30k-Entities-Ordner), neben Wahlen, die kein Modell brauchen: das ganze Bild, die größte und die zentralste Box sowie der Label-Prior. Die Goldboxen und die Wahl des Priors werden dann auf den Beschreibungen gezeichnet, die sie abdecken.</translation>
    </message>
    <message>
        <source>Gold phrase-box file…</source>
        <translation>Golddatei mit Phrasenboxen…</translation>
    </message>
    <message>
        <source>Flickr30k Entities folder…</source>
        <translation>Flickr30k-Entities-Ordner…</translation>
    </message>
    <message>
        <source>Flickr30k Entities folder (Sentences/ and Annotations/)</source>
        <translation>Flickr30k-Entities-Ordner (Sentences/ und Annotations/)</translation>
    </message>
    <message>
        <source>Flickr30k Entities</source>
        <translation>Flickr30k Entities</translation>
    </message>
    <message>
        <source>Gold set %1: %2 phrases on %3 of its %4 images. The run: %5 % [%6, %7] of phrases on their box (IoU ≥ 0.5).</source>
        <translation>Goldset %1: %2 Phrasen auf %3 seiner %4 Bilder. Der Lauf: %5 % [%6, %7] der Phrasen auf ihrer Box (IoU ≥ 0,5).</translation>
    </message>
    <message>
        <source>Without a model: whole image %1, largest box %2, chance %3; best candidate (ceiling) %4.</source>
        <translation>Ohne Modell: ganzes Bild %1, größte Box %2, Zufall %3; bester Kandidat (Obergrenze) %4.</translation>
    </message>
    <message>
        <source>Label prior %1 (its nouns cover %2 of the phrases; grey dashed boxes).</source>
        <translation>Label-Prior %1 (seine Nomen decken %2 der Phrasen ab; grau gestrichelte Boxen).</translation>
    </message>
    <message>
        <source>⚠ The run&apos;s boxes are worse than a choice made without any model: read them as noise on these photos.</source>
        <translation>⚠ Die Boxen des Laufs sind schlechter als eine Wahl ganz ohne Modell: auf diesen Fotos sind sie als Rauschen zu lesen.</translation>
    </message>
</context>
<context>
    <name>gs::HeatStrip</name>
    <message>
        <source>%1 units, from %2 to %3</source>
        <translation>%1 Einheiten, von %2 bis %3</translation>
    </message>
</context>
<context>
    <name>gs::ImportSpaceDialog</name>
    <message>
        <source>Import embeddings</source>
        <translation>Einbettungen importieren</translation>
    </message>
    <message>
        <source>e.g. CLIP ViT-B/32</source>
        <translation>z. B. CLIP ViT-B/32</translation>
    </message>
    <message>
        <source>torchscript:FILE or onnx:FILE</source>
        <translation>torchscript:DATEI oder onnx:DATEI</translation>
    </message>
    <message>
        <source>Vectors: an image and a caption matrix</source>
        <translation>Vektoren: eine Bild- und eine Beschreibungsmatrix</translation>
    </message>
    <message>
        <source>Encoders: image and text towers</source>
        <translation>Encoder: Bild- und Textturm</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>Dataset folder</source>
        <translation>Datensatzordner</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>cosine (CLIP, ALIGN, SigLIP, VSE++)</source>
        <translation>Kosinus (CLIP, ALIGN, SigLIP, VSE++)</translation>
    </message>
    <message>
        <source>dot product</source>
        <translation>Skalarprodukt</translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation>Ähnlichkeit</translation>
    </message>
    <message>
        <source>Run folder</source>
        <translation>Laufordner</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Image vectors</source>
        <translation>Bildvektoren</translation>
    </message>
    <message>
        <source>Image vectors (.npy or .tsv)</source>
        <translation>Bildvektoren (.npy oder .tsv)</translation>
    </message>
    <message>
        <source>Image ids</source>
        <translation>Bild-IDs</translation>
    </message>
    <message>
        <source>One image id per row</source>
        <translation>Eine Bild-ID je Zeile</translation>
    </message>
    <message>
        <source>Caption vectors</source>
        <translation>Beschreibungsvektoren</translation>
    </message>
    <message>
        <source>Caption vectors (.npy or .tsv)</source>
        <translation>Beschreibungsvektoren (.npy oder .tsv)</translation>
    </message>
    <message>
        <source>Caption ids</source>
        <translation>Beschreibungs-IDs</translation>
    </message>
    <message>
        <source>One caption id, or IMAGE&lt;tab&gt;TEXT, per row</source>
        <translation>Eine Beschreibungs-ID oder BILD&lt;Tab&gt;TEXT je Zeile</translation>
    </message>
    <message>
        <source>optional: without it, the dataset&apos;s image order</source>
        <translation>optional: ohne sie gilt die Bildreihenfolge des Datensatzes</translation>
    </message>
    <message>
        <source>optional: without it, the dataset&apos;s caption order</source>
        <translation>optional: ohne sie gilt die Beschreibungsreihenfolge des Datensatzes</translation>
    </message>
    <message>
        <source>Image tower</source>
        <translation>Bildturm</translation>
    </message>
    <message>
        <source>TorchScript image tower</source>
        <translation>TorchScript-Bildturm</translation>
    </message>
    <message>
        <source>Text tower</source>
        <translation>Textturm</translation>
    </message>
    <message>
        <source>TorchScript text tower</source>
        <translation>TorchScript-Textturm</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>Tokenizer</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>Vokabular</translation>
    </message>
    <message>
        <source>vocab.txt, vocab.json or .model</source>
        <translation>vocab.txt, vocab.json oder .model</translation>
    </message>
    <message>
        <source>Merges</source>
        <translation>Merges</translation>
    </message>
    <message>
        <source>merges.txt or bpe_simple_vocab_16e6.txt.gz</source>
        <translation>merges.txt oder bpe_simple_vocab_16e6.txt.gz</translation>
    </message>
    <message>
        <source>byte-level BPE only</source>
        <translation>nur byte-basiertes BPE</translation>
    </message>
    <message>
        <source>Choose the dataset the vectors belong to.</source>
        <translation>Wählen Sie den Datensatz, zu dem die Vektoren gehören.</translation>
    </message>
    <message>
        <source>Choose the image vectors and the caption vectors.</source>
        <translation>Wählen Sie die Bild- und die Beschreibungsvektoren.</translation>
    </message>
    <message>
        <source>Choose the image tower and the text tower.</source>
        <translation>Wählen Sie den Bild- und den Textturm.</translation>
    </message>
    <message>
        <source>Choose the tokenizer&apos;s vocabulary (and merges, for byte-level BPE).</source>
        <translation>Wählen Sie das Vokabular des Tokenizers (und die Merges bei byte-basiertem BPE).</translation>
    </message>
    <message>
        <source>Choose a new folder for the run.</source>
        <translation>Wählen Sie einen neuen Ordner für den Lauf.</translation>
    </message>
    <message>
        <source>%1 is not empty: choose a new folder.</source>
        <translation>%1 ist nicht leer: wählen Sie einen neuen Ordner.</translation>
    </message>
</context>
<context>
    <name>gs::JobList</name>
    <message>
        <source>long</source>
        <translation>lang</translation>
    </message>
    <message>
        <source>interactive</source>
        <translation>interaktiv</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Aufträge</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Auftrag</translation>
    </message>
    <message>
        <source>Lane</source>
        <translation>Spur</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Doing</source>
        <translation>Tätigkeit</translation>
    </message>
    <message>
        <source>Cancel job</source>
        <translation>Auftrag abbrechen</translation>
    </message>
    <message>
        <source>Stop the selected job at its next checkpoint (a training run keeps its last checkpoint)</source>
        <translation>Den gewählten Auftrag am nächsten Haltepunkt stoppen (ein Trainingslauf behält seinen letzten Checkpoint)</translation>
    </message>
    <message>
        <source>Cancel all</source>
        <translation>Alle abbrechen</translation>
    </message>
    <message>
        <source>Stop every queued and running job</source>
        <translation>Alle wartenden und laufenden Aufträge stoppen</translation>
    </message>
    <message>
        <source>busy</source>
        <translation>beschäftigt</translation>
    </message>
    <message>
        <source>query</source>
        <translation>Abfrage</translation>
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
    <name>gs::LabImageView</name>
    <message>
        <source>On the image</source>
        <translation>Auf dem Bild</translation>
    </message>
    <message>
        <source>The selected image with the caption&apos;s phrase boxes or the image&apos;s concepts</source>
        <translation>Das gewählte Bild mit den Phrasenboxen der Beschreibung oder den Konzepten des Bildes</translation>
    </message>
    <message>
        <source>The caption has no noun phrase to ground.</source>
        <translation>Die Beschreibung hat keine Nominalphrase zum Verankern.</translation>
    </message>
    <message>
        <source>“%1”: no region</source>
        <translation>„%1“: keine Region</translation>
    </message>
    <message>
        <source>“%1” → region %2 (s = %3)</source>
        <translation>„%1“ → Region %2 (s = %3)</translation>
    </message>
    <message>
        <source>Top concepts: %1</source>
        <translation>Stärkste Konzepte: %1</translation>
    </message>
    <message>
        <source>This run sums concepts and context (no gate).</source>
        <translation>Dieser Lauf summiert Konzepte und Kontext (kein Gate).</translation>
    </message>
    <message>
        <source>Gate t = %1: the image&apos;s vector takes %2 % from its concepts, %3 % from the global context (Eq. 2).</source>
        <translation>Gate t = %1: Der Bildvektor stammt zu %2 % aus seinen Konzepten, zu %3 % aus dem globalen Kontext (Gl. 2).</translation>
    </message>
    <message>
        <source>On the image: gate and concepts</source>
        <translation>Auf dem Bild: Gate und Konzepte</translation>
    </message>
    <message>
        <source>On the image: phrase boxes</source>
        <translation>Auf dem Bild: Phrasenboxen</translation>
    </message>
</context>
<context>
    <name>gs::LiveRunJob</name>
    <message>
        <source>Train %1</source>
        <translation>%1 trainieren</translation>
    </message>
    <message>
        <source>Resuming %1 in %2</source>
        <translation>%1 wird in %2 fortgesetzt</translation>
    </message>
    <message>
        <source>Training %1 into %2</source>
        <translation>%1 wird trainiert, Ausgabe nach %2</translation>
    </message>
    <message>
        <source>Waiting for the engine…</source>
        <translation>Warten auf die Engine…</translation>
    </message>
    <message>
        <source>Preparing: %1</source>
        <translation>Vorbereitung: %1</translation>
    </message>
    <message>
        <source>; correspondence step %1: %2 % right (proposal ceiling %3 %, chance %4 %)</source>
        <translation>; Zuordnungsschritt %1: %2 % richtig (Obergrenze der Vorschläge %3 %, Zufall %4 %)</translation>
    </message>
    <message>
        <source>; correspondence step %1: no ground truth</source>
        <translation>; Zuordnungsschritt %1: keine Ground Truth</translation>
    </message>
    <message>
        <source>Epoch %1/%2: loss %3, validation %4%5 (%6 s)%7</source>
        <translation>Epoche %1/%2: Verlust %3, Validierung %4%5 (%6 s)%7</translation>
    </message>
    <message>
        <source>, best so far</source>
        <translation>, bisher am besten</translation>
    </message>
    <message>
        <source>Epoch %1/%2 · minibatch %3/%4 · loss %5 · %6 minibatches/s · ETA %7</source>
        <translation>Epoche %1/%2 · Minibatch %3/%4 · Verlust %5 · %6 Minibatches/s · Restzeit %7</translation>
    </message>
    <message>
        <source>Finished in %1</source>
        <translation>Beendet nach %1</translation>
    </message>
    <message>
        <source>Finished: test %1</source>
        <translation>Beendet: Test %1</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Gestoppt</translation>
    </message>
    <message>
        <source>Stopped. The checkpoint of the last whole epoch is kept in %1; Start with this folder resumes it.</source>
        <translation>Gestoppt. Der Checkpoint der letzten vollständigen Epoche liegt in %1; „Starten“ mit diesem Ordner setzt den Lauf fort.</translation>
    </message>
    <message>
        <source>Stopped before the first epoch ended: there is no checkpoint yet, so Start begins again.</source>
        <translation>Vor dem Ende der ersten Epoche gestoppt: Es gibt noch keinen Checkpoint, daher beginnt „Starten“ von vorn.</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
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
    <message>
        <source>Engine log</source>
        <translation>Engine-Protokoll</translation>
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
        <translation>Durchsuchen</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Dataset summary</source>
        <translation>Zusammenfassung des Datensatzes</translation>
    </message>
    <message>
        <source>Open dataset &amp;file…</source>
        <translation>Datensatzda&amp;tei öffnen…</translation>
    </message>
    <message>
        <source>Open dataset file</source>
        <translation>Datensatzdatei öffnen</translation>
    </message>
    <message>
        <source>Dataset files (*.json *.csv *.tsv *.txt);;Karpathy or COCO captions (*.json);;CSV or TSV (*.csv *.tsv);;Flickr8k token file (*.txt);;All files (*)</source>
        <translation>Datensatzdateien (*.json *.csv *.tsv *.txt);;Karpathy- oder COCO-Beschreibungen (*.json);;CSV oder TSV (*.csv *.tsv);;Flickr8k-Token-Datei (*.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Go to</source>
        <translation>&amp;Gehe zu</translation>
    </message>
    <message>
        <source>&amp;Search sentences</source>
        <translation>Sätze &amp;suchen</translation>
    </message>
    <message>
        <source>&amp;Training</source>
        <translation>&amp;Training</translation>
    </message>
    <message>
        <source>&amp;Start training</source>
        <translation>Training &amp;starten</translation>
    </message>
    <message>
        <source>S&amp;top training</source>
        <translation>Training s&amp;toppen</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Aufträge</translation>
    </message>
    <message>
        <source>Open recent r&amp;un</source>
        <translation>Zuletzt geöffneter La&amp;uf</translation>
    </message>
    <message>
        <source>%1: no such run folder</source>
        <translation>%1: Laufordner nicht gefunden</translation>
    </message>
    <message>
        <source>Jobs are running</source>
        <translation>Aufträge laufen noch</translation>
    </message>
    <message>
        <source>%1 still running or queued.

Stop and quit? A training run keeps its last checkpoint and resumes from it.</source>
        <translation>%1 läuft noch oder wartet.

Stoppen und beenden? Ein Trainingslauf behält seinen letzten Checkpoint und setzt dort wieder an.</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Load configuration…</source>
        <translation>Konfiguration &amp;laden…</translation>
    </message>
    <message>
        <source>Load configuration</source>
        <translation>Konfiguration laden</translation>
    </message>
    <message>
        <source>Configuration (*.json)</source>
        <translation>Konfiguration (*.json)</translation>
    </message>
    <message>
        <source>&amp;Save configuration…</source>
        <translation>Konfiguration &amp;speichern…</translation>
    </message>
    <message>
        <source>Save configuration</source>
        <translation>Konfiguration speichern</translation>
    </message>
    <message>
        <source>Loaded %1</source>
        <translation>%1 geladen</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>Allow images outside the dataset folder</source>
        <translation>Bilder außerhalb des Datensatzordners erlauben</translation>
    </message>
    <message>
        <source>Let dataset files name images outside the dataset&apos;s folder (absolute paths, &quot;../&quot;, symlinks); otherwise they are refused and listed in the load report. Applies to datasets opened from now on.</source>
        <translation>Datensatzdateien dürfen Bilder außerhalb des Datensatzordners nennen (absolute Pfade, &quot;../&quot;, symbolische Links); sonst werden sie abgewiesen und im Ladebericht aufgeführt. Gilt für Datensätze, die ab jetzt geöffnet werden.</translation>
    </message>
    <message>
        <source>User &amp;manual</source>
        <translation>&amp;Handbuch</translation>
    </message>
    <message>
        <source>&amp;Getting started</source>
        <translation>&amp;Erste Schritte</translation>
    </message>
    <message>
        <source>&amp;Command line</source>
        <translation>&amp;Kommandozeile</translation>
    </message>
    <message>
        <source>Workspaces</source>
        <translation>Arbeitsbereiche</translation>
    </message>
    <message>
        <source>&amp;Workspace</source>
        <translation>&amp;Arbeitsbereich</translation>
    </message>
    <message>
        <source>&amp;Reset workspace</source>
        <translation>Arbeitsbereich &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>Inspect the run</source>
        <translation>Lauf untersuchen</translation>
    </message>
    <message>
        <source>Go to the Inspect workspace: the run&apos;s trees and regions (Ctrl+3)</source>
        <translation>Zum Arbeitsbereich Untersuchen: Bäume und Regionen des Laufs (Strg+3)</translation>
    </message>
    <message>
        <source>Caption lab</source>
        <translation>Beschreibungslabor</translation>
    </message>
    <message>
        <source>Edit a caption and watch the run&apos;s score, the image&apos;s rank and each word&apos;s contribution change.</source>
        <translation>Bearbeiten Sie eine Beschreibung und sehen Sie, wie sich der Wert des Laufs, der Rang des Bildes und der Beitrag jedes Wortes ändern.</translation>
    </message>
    <message>
        <source>Every training run in the runs folders as a table: filter, sort, compare and export them.</source>
        <translation>Alle Trainingsläufe in den Laufordnern als Tabelle: filtern, sortieren, vergleichen und exportieren.</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>Trainieren</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <source>Where the run&apos;s joint space fails: slices of the test queries, retrieval with intervals, hubs and the modality gap.</source>
        <translation>Wo der gemeinsame Raum des Laufs versagt: Ausschnitte der Testanfragen, Suche mit Intervallen, Hubs und die Modalitätslücke.</translation>
    </message>
    <message>
        <source>Close ru&amp;n</source>
        <translation>Lauf schl&amp;ießen</translation>
    </message>
    <message>
        <source>&amp;Close dataset</source>
        <translation>Datensatz s&amp;chließen</translation>
    </message>
    <message>
        <source>No dataset is open.</source>
        <translation>Kein Datensatz ist geöffnet.</translation>
    </message>
    <message>
        <source>Dataset closed</source>
        <translation>Datensatz geschlossen</translation>
    </message>
    <message>
        <source>%1: not a run folder (no config.json)</source>
        <translation>%1: kein Lauf-Ordner (keine config.json)</translation>
    </message>
    <message>
        <source>Opened run %1: embedding its test split (see Jobs)</source>
        <translation>Lauf %1 geöffnet: sein Testteil wird eingebettet (siehe Aufträge)</translation>
    </message>
    <message>
        <source>&amp;Import embeddings…</source>
        <translation>Einbettungen &amp;importieren…</translation>
    </message>
    <message>
        <source>Explore a joint space made elsewhere: its vectors, or its image and text towers</source>
        <translation>Einen anderswo erzeugten gemeinsamen Raum erkunden: seine Vektoren oder seinen Bild- und Textturm</translation>
    </message>
    <message>
        <source>Importing into %1…</source>
        <translation>Import nach %1…</translation>
    </message>
    <message>
        <source>Import embeddings</source>
        <translation>Einbettungen importieren</translation>
    </message>
    <message>
        <source>Could not import:
%1</source>
        <translation>Import fehlgeschlagen:
%1</translation>
    </message>
    <message>
        <source>Imported %1: test rsum %2</source>
        <translation>%1 importiert: Test-rsum %2</translation>
    </message>
</context>
<context>
    <name>gs::ManualWindow</name>
    <message>
        <source>Groundscope — User manual</source>
        <translation>Groundscope — Handbuch</translation>
    </message>
    <message>
        <source>Search the manual</source>
        <translation>Im Handbuch suchen</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>Nothing in the manual matches “%1”.</source>
        <translation>Nichts im Handbuch passt zu „%1“.</translation>
    </message>
</context>
<context>
    <name>gs::MapComparison</name>
    <message>
        <source>Compare with run…</source>
        <translation>Mit Lauf vergleichen…</translation>
    </message>
    <message>
        <source>Show another run&apos;s map of the same split beside this one, laid out from this map, with linked selection</source>
        <translation>Die Karte eines anderen Laufs für dieselbe Aufteilung neben dieser anzeigen, ausgehend von dieser Karte angeordnet, mit verknüpfter Auswahl</translation>
    </message>
    <message>
        <source>Compare with run</source>
        <translation>Mit Lauf vergleichen</translation>
    </message>
    <message>
        <source>Open a run first: the comparison shows a second run&apos;s map of the same split.</source>
        <translation>Öffnen Sie zuerst einen Lauf: Der Vergleich zeigt die Karte eines zweiten Laufs für dieselbe Aufteilung.</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>gs::MapDisplayControls</name>
    <message>
        <source>Colour the items by what the data knows about them; click a legend entry to hide or show its items</source>
        <translation>Elemente danach einfärben, was die Daten über sie wissen; klicken Sie auf einen Legendeneintrag, um seine Elemente aus- oder einzublenden</translation>
    </message>
    <message>
        <source>A second variable as three marker sizes: larger is a caption whose image ranks low, a higher loss, a longer caption, an item that is among the nearest neighbours of many (a hub)</source>
        <translation>Eine zweite Variable als drei Markergrößen: größer ist eine Beschreibung, deren Bild weit hinten steht, ein höherer Verlust, eine längere Beschreibung, ein Element, das unter den nächsten Nachbarn vieler ist (ein Hub)</translation>
    </message>
    <message>
        <source>Find captions: words, or /regex/</source>
        <translation>Beschreibungen finden: Wörter oder /regex/</translation>
    </message>
    <message>
        <source>Image–caption lines</source>
        <translation>Verbindungslinien Bild–Beschreibung</translation>
    </message>
    <message>
        <source>Thumbnails</source>
        <translation>Vorschaubilder</translation>
    </message>
    <message>
        <source>Cluster labels</source>
        <translation>Cluster-Beschriftungen</translation>
    </message>
    <message>
        <source>Label the map&apos;s dense regions with the words that set their captions apart (finer when zoomed in)</source>
        <translation>Dichte Bereiche der Karte mit den Wörtern beschriften, die ihre Beschreibungen von anderen abheben (feiner beim Hineinzoomen)</translation>
    </message>
    <message>
        <source>Unit length</source>
        <translation>Einheitslänge</translation>
    </message>
    <message>
        <source>Map directions (cosine geometry) rather than raw vectors; applies from the next Compute</source>
        <translation>Richtungen (Kosinusgeometrie) statt roher Vektoren abbilden; gilt ab der nächsten Berechnung</translation>
    </message>
    <message>
        <source>Centre each modality</source>
        <translation>Jede Modalität zentrieren</translation>
    </message>
    <message>
        <source>Subtract the images&apos; mean from the images and the captions&apos; mean from the captions before the layout: the gap between the two modalities otherwise splits the map into an image cloud and a caption cloud. Applies from the next Compute</source>
        <translation>Vor dem Layout den Mittelwert der Bilder von den Bildern und den Mittelwert der Beschreibungen von den Beschreibungen abziehen: Sonst teilt die Lücke zwischen den beiden Modalitäten die Karte in eine Bildwolke und eine Beschreibungswolke. Gilt ab der nächsten Berechnung</translation>
    </message>
    <message>
        <source>Colour by</source>
        <translation>Färben nach</translation>
    </message>
    <message>
        <source>Size by</source>
        <translation>Größe nach</translation>
    </message>
    <message>
        <source>one size</source>
        <translation>einheitliche Größe</translation>
    </message>
    <message>
        <source>rank of the partner</source>
        <translation>Rang des Partners</translation>
    </message>
    <message>
        <source>the model&apos;s loss</source>
        <translation>Verlust des Modells</translation>
    </message>
    <message>
        <source>k-occurrence (hubs)</source>
        <translation>k-Vorkommen (Hubs)</translation>
    </message>
    <message>
        <source>caption length</source>
        <translation>Beschreibungslänge</translation>
    </message>
    <message>
        <source>Cannot colour by %1: %2</source>
        <translation>Färben nach %1 nicht möglich: %2</translation>
    </message>
    <message>
        <source>Cannot size by %1: %2</source>
        <translation>Größe nach %1 nicht möglich: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) hidden by the legend (click an entry again to show them).</source>
        <translation>
            <numerusform>%n Element durch die Legende ausgeblendet (klicken Sie erneut auf einen Eintrag, um es einzublenden).</numerusform>
            <numerusform>%n Elemente durch die Legende ausgeblendet (klicken Sie erneut auf einen Eintrag, um sie einzublenden).</numerusform>
        </translation>
    </message>
    <message>
        <source>Search: invalid regular expression: %1</source>
        <translation>Suche: ungültiger regulärer Ausdruck: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n caption(s) match “%1”.</source>
        <translation>
            <numerusform>%n Beschreibung passt auf „%1“.</numerusform>
            <numerusform>%n Beschreibungen passen auf „%1“.</numerusform>
        </translation>
    </message>
    <message>
        <source>Map cluster labels</source>
        <translation>Cluster-Beschriftungen der Karte</translation>
    </message>
    <message>
        <source>Map thumbnails</source>
        <translation>Vorschaubilder der Karte</translation>
    </message>
</context>
<context>
    <name>gs::MapEpochReplay</name>
    <message>
        <source>Replay epochs</source>
        <translation>Epochen wiedergeben</translation>
    </message>
    <message>
        <source>Lay out the run&apos;s recorded epochs with the chosen method, each from the previous epoch&apos;s map, and step through them with the slider</source>
        <translation>Die aufgezeichneten Epochen des Laufs mit der gewählten Methode anordnen, jede ausgehend von der Karte der vorigen Epoche, und sie mit dem Schieberegler durchgehen</translation>
    </message>
    <message>
        <source>Movers</source>
        <translation>Verschiebungen</translation>
    </message>
    <message>
        <source>List the recorded items whose nearest neighbours changed most between two epochs, or against another run; selecting rows rings them on the map</source>
        <translation>Die aufgezeichneten Elemente auflisten, deren nächste Nachbarn sich zwischen zwei Epochen oder gegenüber einem anderen Lauf am stärksten verändert haben; ausgewählte Zeilen werden auf der Karte eingekreist</translation>
    </message>
    <message>
        <source>This run recorded no epochs: runs trained with “Recorded images” above 0 (record_sample, 100 by default) can replay how their joint space formed.</source>
        <translation>Dieser Lauf hat keine Epochen aufgezeichnet: Läufe, die mit „Recorded images“ über 0 (record_sample, standardmäßig 100) trainiert wurden, können wiedergeben, wie ihr gemeinsamer Raum entstanden ist.</translation>
    </message>
    <message>
        <source>Epoch replay</source>
        <translation>Epochenwiedergabe</translation>
    </message>
    <message>
        <source>%1 recorded epochs of %2 items laid out, each from the previous epoch&apos;s map: drag the slider or press play.</source>
        <translation>%1 aufgezeichnete Epochen mit %2 Elementen angeordnet, jede ausgehend von der Karte der vorigen Epoche: Ziehen Sie den Schieberegler oder klicken Sie auf Abspielen.</translation>
    </message>
    <message>
        <source>Laying out the recorded epochs…</source>
        <translation>Aufgezeichnete Epochen werden angeordnet…</translation>
    </message>
    <message>
        <source>Epoch %1 of %2: %3 images and %4 captions of the recorded sample.</source>
        <translation>Epoche %1 von %2: %3 Bilder und %4 Beschreibungen der aufgezeichneten Stichprobe.</translation>
    </message>
    <message>
        <source>The run recorded no epoch %1 for the map.</source>
        <translation>Der Lauf hat keine Epoche %1 für die Karte aufgezeichnet.</translation>
    </message>
</context>
<context>
    <name>gs::MapLayoutControls</name>
    <message>
        <source>Too few items for t-SNE (%1); use PCA.</source>
        <translation>Zu wenige Elemente für t-SNE (%1); verwenden Sie PCA.</translation>
    </message>
    <message>
        <source>Too few items for UMAP (%1); use PCA.</source>
        <translation>Zu wenige Elemente für UMAP (%1); verwenden Sie PCA.</translation>
    </message>
    <message>
        <source>Nothing to map: the run&apos;s split has fewer than 2 items.</source>
        <translation>Nichts abzubilden: Die Aufteilung des Laufs hat weniger als 2 Elemente.</translation>
    </message>
    <message>
        <source> (perplexity lowered from %1 to %2 for %3 items)</source>
        <translation> (Perplexität für %3 Elemente von %1 auf %2 gesenkt)</translation>
    </message>
    <message>
        <source> (neighbours lowered from %1 to %2 for %3 items)</source>
        <translation> (Nachbarn für %3 Elemente von %1 auf %2 gesenkt)</translation>
    </message>
    <message>
        <source>UMAP map</source>
        <translation>UMAP-Karte</translation>
    </message>
    <message>
        <source>PCA map</source>
        <translation>PCA-Karte</translation>
    </message>
    <message>
        <source>t-SNE map</source>
        <translation>t-SNE-Karte</translation>
    </message>
    <message>
        <source>t-SNE</source>
        <translation>t-SNE</translation>
    </message>
    <message>
        <source>PCA</source>
        <translation>PCA</translation>
    </message>
    <message>
        <source>UMAP</source>
        <translation>UMAP</translation>
    </message>
    <message>
        <source>Effective number of neighbours each point keeps (needs more than 3× as many points)</source>
        <translation>Effektive Anzahl der Nachbarn, die jeder Punkt behält (erfordert mehr als 3× so viele Punkte)</translation>
    </message>
    <message>
        <source>Barnes–Hut accuracy: 0 is exact (slow for many points), 0.5 is the usual trade-off</source>
        <translation>Barnes–Hut-Genauigkeit: 0 ist exakt (langsam bei vielen Punkten), 0,5 ist der übliche Kompromiss</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automatisch</translation>
    </message>
    <message>
        <source>Barnes–Hut</source>
        <translation>Barnes–Hut</translation>
    </message>
    <message>
        <source>FFT interpolation</source>
        <translation>FFT-Interpolation</translation>
    </message>
    <message>
        <source>Exact</source>
        <translation>Exakt</translation>
    </message>
    <message>
        <source>How t-SNE computes its repulsive forces. Automatic: exact below 150 points, Barnes–Hut below 8,000, FFT-accelerated interpolation (FIt-SNE) above — faster for large maps, and as accurate</source>
        <translation>Wie t-SNE seine abstoßenden Kräfte berechnet. Automatisch: exakt unter 150 Punkten, Barnes–Hut unter 8.000, darüber FFT-beschleunigte Interpolation (FIt-SNE) — schneller bei großen Karten und ebenso genau</translation>
    </message>
    <message>
        <source>t-SNE repulsion</source>
        <translation>t-SNE-Abstoßung</translation>
    </message>
    <message>
        <source>UMAP: neighbours each point&apos;s local metric spans (the point itself counted); more favours global structure</source>
        <translation>UMAP: Nachbarn, über die sich die lokale Metrik jedes Punktes erstreckt (der Punkt selbst mitgezählt); mehr begünstigt die globale Struktur</translation>
    </message>
    <message>
        <source>UMAP: how tightly points may pack on the map</source>
        <translation>UMAP: wie dicht Punkte auf der Karte beieinanderliegen dürfen</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Berechnen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Perplexity</source>
        <translation>Perplexität</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>Iterationen</translation>
    </message>
    <message>
        <source>θ</source>
        <translation>θ</translation>
    </message>
    <message>
        <source>Repulsion</source>
        <translation>Abstoßung</translation>
    </message>
    <message>
        <source>Neighbours</source>
        <translation>Nachbarn</translation>
    </message>
    <message>
        <source>Min. distance</source>
        <translation>Min. Abstand</translation>
    </message>
    <message>
        <source>UMAP: epoch %1…</source>
        <translation>UMAP: Epoche %1…</translation>
    </message>
    <message>
        <source>t-SNE: iteration %1, KL %2…</source>
        <translation>t-SNE: Iteration %1, KL %2…</translation>
    </message>
    <message>
        <source>Computing UMAP of %1 items%2…</source>
        <translation>UMAP von %1 Elementen wird berechnet%2…</translation>
    </message>
    <message>
        <source>Computing PCA of %1 items…</source>
        <translation>PCA von %1 Elementen wird berechnet…</translation>
    </message>
    <message>
        <source>Computing t-SNE of %1 items%2…</source>
        <translation>t-SNE von %1 Elementen wird berechnet%2…</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>exakt</translation>
    </message>
    <message>
        <source>t-SNE (%5): %1 iterations in %2 s, KL divergence %3; %4 % of each item&apos;s 10 nearest neighbours kept on the map.</source>
        <translation>t-SNE (%5): %1 Iterationen in %2 s, KL-Divergenz %3; %4 % der 10 nächsten Nachbarn jedes Elements auf der Karte erhalten.</translation>
    </message>
    <message>
        <source>UMAP: %1 epochs in %2 s (%3 neighbours, %4 component(s)); %5 % of each item&apos;s 10 nearest neighbours kept on the map.</source>
        <translation>UMAP: %1 Epochen in %2 s (%3 Nachbarn, %4 Komponente(n)); %5 % der 10 nächsten Nachbarn jedes Elements auf der Karte erhalten.</translation>
    </message>
    <message>
        <source>PCA: the two principal axes of %1 items.</source>
        <translation>PCA: die beiden Hauptachsen von %1 Elementen.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>The map failed: %1</source>
        <translation>Kartenberechnung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Modality gap %1 (%2× the spread within a modality), centred out.</source>
        <translation>Modalitätslücke %1 (%2× die Streuung innerhalb einer Modalität), durch Zentrieren entfernt.</translation>
    </message>
    <message>
        <source>Modality gap %1 (%2× the spread within a modality), kept.</source>
        <translation>Modalitätslücke %1 (%2× die Streuung innerhalb einer Modalität), beibehalten.</translation>
    </message>
</context>
<context>
    <name>gs::MapPanel</name>
    <message>
        <source>Export width</source>
        <translation>Exportbreite</translation>
    </message>
    <message>
        <source>Export height</source>
        <translation>Exporthöhe</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>No run: open a trained run to map its test split.</source>
        <translation>Kein Lauf: Öffnen Sie einen trainierten Lauf, um seine Testaufteilung abzubilden.</translation>
    </message>
    <message>
        <source>Export size</source>
        <translation>Exportgröße</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>Ausgewählt</translation>
    </message>
    <message>
        <source>Nearest in the joint space</source>
        <translation>Nächste im gemeinsamen Raum</translation>
    </message>
    <message>
        <source>%1 images and %2 captions (%3-d). Press Compute for a map.%4</source>
        <translation>%1 Bilder und %2 Beschreibungen (%3 Dim.). Klicken Sie auf „Berechnen“, um eine Karte zu erhalten.%4</translation>
    </message>
    <message>
        <source> So many items are drawn as dots, without image–caption lines.</source>
        <translation> So viele Elemente werden als Punkte gezeichnet, ohne Verbindungslinien Bild–Beschreibung.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Export the map</source>
        <translation>Karte exportieren</translation>
    </message>
    <message>
        <source>Exported %1.</source>
        <translation>%1 exportiert.</translation>
    </message>
    <message>
        <source>Prepare the map of %1 items</source>
        <translation>Karte mit %1 Elementen vorbereiten</translation>
    </message>
    <message>
        <source>Cannot map this split: %1</source>
        <translation>Diese Aufteilung kann nicht abgebildet werden: %1</translation>
    </message>
    <message>
        <source>Preparing the map of %1 images and %2 captions…</source>
        <translation>Die Karte mit %1 Bildern und %2 Bildunterschriften wird vorbereitet…</translation>
    </message>
    <message>
        <source>The layout starts once the map&apos;s items are prepared.</source>
        <translation>Das Layout beginnt, sobald die Elemente der Karte vorbereitet sind.</translation>
    </message>
</context>
<context>
    <name>gs::MapSelection</name>
    <message>
        <source>Selected items</source>
        <translation>Ausgewählte Elemente</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) selected.</source>
        <translation>
            <numerusform>%n Element ausgewählt.</numerusform>
            <numerusform>%n Elemente ausgewählt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Slice: %1 — %2 captions</source>
        <translation>Ausschnitt: %1 — %2 Beschreibungen</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (ringed on the map)</source>
        <translation>
            <numerusform>… und %n weiteres (auf der Karte markiert)</numerusform>
            <numerusform>… und %n weitere (auf der Karte markiert)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gs::MapView</name>
    <message>
        <source>dimension 1</source>
        <translation>Dimension 1</translation>
    </message>
    <message>
        <source>dimension 2</source>
        <translation>Dimension 2</translation>
    </message>
    <message>
        <source>image–caption</source>
        <translation>Bild–Beschreibung</translation>
    </message>
    <message>
        <source>images</source>
        <translation>Bilder</translation>
    </message>
    <message>
        <source>captions</source>
        <translation>Beschreibungen</translation>
    </message>
    <message>
        <source>selected</source>
        <translation>ausgewählt</translation>
    </message>
    <message>
        <source>current image</source>
        <translation>aktuelles Bild</translation>
    </message>
    <message>
        <source>nearest in the joint space</source>
        <translation>nächste im gemeinsamen Raum</translation>
    </message>
    <message>
        <source>search matches</source>
        <translation>Suchtreffer</translation>
    </message>
</context>
<context>
    <name>gs::MoversTable</name>
    <message>
        <source>Movers: epoch A</source>
        <translation>Verschiebungen: Epoche A</translation>
    </message>
    <message>
        <source>Movers: epoch B</source>
        <translation>Verschiebungen: Epoche B</translation>
    </message>
    <message>
        <source>The epoch the neighbourhoods are compared from</source>
        <translation>Die Epoche, von der aus die Nachbarschaften verglichen werden</translation>
    </message>
    <message>
        <source>The epoch they are compared to (of this run, or of the run chosen with “vs run…”)</source>
        <translation>Die Epoche, mit der sie verglichen werden (aus diesem Lauf oder aus dem mit „gegen Lauf…“ gewählten Lauf)</translation>
    </message>
    <message>
        <source>vs run…</source>
        <translation>gegen Lauf…</translation>
    </message>
    <message>
        <source>Compare with another run that recorded the same sample, or with this run&apos;s own epochs</source>
        <translation>Mit einem anderen Lauf vergleichen, der dieselbe Stichprobe aufgezeichnet hat, oder mit den eigenen Epochen dieses Laufs</translation>
    </message>
    <message>
        <source>This run&apos;s epochs</source>
        <translation>Epochen dieses Laufs</translation>
    </message>
    <message>
        <source>Another run…</source>
        <translation>Anderer Lauf…</translation>
    </message>
    <message>
        <source>Compare with run</source>
        <translation>Mit Lauf vergleichen</translation>
    </message>
    <message>
        <source>Items whose neighbourhood moved most</source>
        <translation>Elemente, deren Nachbarschaft sich am stärksten verschoben hat</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Element</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Rank A→B</source>
        <translation>Rang A→B</translation>
    </message>
    <message>
        <source>1 − the overlap of the item&apos;s %1 nearest items at A and at B (0: the same, 1: all new)</source>
        <translation>1 − die Überlappung der %1 nächsten Nachbarn des Elements bei A und bei B (0: dieselben, 1: alle neu)</translation>
    </message>
    <message>
        <source>Its partner&apos;s rank at A and at B (an image&apos;s best caption, a caption&apos;s image)</source>
        <translation>Rang seines Partners bei A und bei B (bei einem Bild seine beste Beschreibung, bei einer Beschreibung ihr Bild)</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>epoch %1</source>
        <translation>Epoche %1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B: %1</translation>
    </message>
    <message>
        <source>No run.</source>
        <translation>Kein Lauf.</translation>
    </message>
    <message>
        <source>The run recorded no epochs to compare.</source>
        <translation>Der Lauf hat keine Epochen zum Vergleichen aufgezeichnet.</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>Wird verglichen…</translation>
    </message>
    <message>
        <source>Movers between epochs</source>
        <translation>Größte Veränderungen zwischen Epochen</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>Vergleich nicht möglich: %1</translation>
    </message>
    <message>
        <source>image %1</source>
        <translation>Bild %1</translation>
    </message>
    <message>
        <source>The %1 of %2 items whose %3 nearest items changed most from A to B.</source>
        <translation>Die %1 von %2 Elementen, deren %3 nächste Nachbarn sich von A nach B am stärksten verändert haben.</translation>
    </message>
</context>
<context>
    <name>gs::NeighbourList</name>
    <message>
        <source>Nearest neighbours in the joint space</source>
        <translation>Nächste Nachbarn im gemeinsamen Raum</translation>
    </message>
    <message>
        <source>The clicked item&apos;s nearest images and captions by the run&apos;s own score, in the joint space itself (not on the map)</source>
        <translation>Die dem angeklickten Element nächsten Bilder und Beschreibungen nach dem eigenen Score des Laufs, im gemeinsamen Raum selbst (nicht auf der Karte)</translation>
    </message>
    <message>
        <source>Nearest neighbours</source>
        <translation>Nächste Nachbarn</translation>
    </message>
    <message>
        <source>Images</source>
        <translation>Bilder</translation>
    </message>
    <message>
        <source>Captions</source>
        <translation>Beschreibungen</translation>
    </message>
    <message>
        <source>No neighbours: %1</source>
        <translation>Keine Nachbarn: %1</translation>
    </message>
</context>
<context>
    <name>gs::NodeDetailsView</name>
    <message>
        <source>(phrase)</source>
        <translation>(Phrase)</translation>
    </message>
    <message>
        <source>Point at a node to see its vector; click it to list the images nearest to the phrase.</source>
        <translation>Zeigen Sie auf einen Knoten, um seinen Vektor zu sehen; klicken Sie darauf, um die der Phrase nächsten Bilder aufzulisten.</translation>
    </message>
    <message>
        <source>root</source>
        <translation>Wurzel</translation>
    </message>
    <message numerus="yes">
        <source>%n word(s) under it</source>
        <translation>
            <numerusform>%n Wort darunter</numerusform>
            <numerusform>%n Wörter darunter</numerusform>
        </translation>
    </message>
    <message>
        <source>similarity to %1: %2</source>
        <translation>Ähnlichkeit zu %1: %2</translation>
    </message>
    <message>
        <source>, similarity %1</source>
        <translation>, Ähnlichkeit %1</translation>
    </message>
</context>
<context>
    <name>gs::PhraseList</name>
    <message>
        <source>Noun phrases and their regions</source>
        <translation>Nominalphrasen und ihre Regionen</translation>
    </message>
    <message>
        <source>words %1–%2 of “%3”</source>
        <translation>Wörter %1–%2 von „%3“</translation>
    </message>
</context>
<context>
    <name>gs::RankComparison</name>
    <message>
        <source>the runs&apos; test splits differ: %1 images of A are not in B&apos;s, %2 of B&apos;s are not in A&apos;s (e.g. %3). Compare runs trained on the same dataset and split.</source>
        <translation>die Testaufteilungen der Läufe unterscheiden sich: %1 Bilder von A sind nicht in der von B, %2 von B nicht in der von A (z. B. %3). Vergleichen Sie Läufe, die auf demselben Datensatz mit derselben Aufteilung trainiert wurden.</translation>
    </message>
</context>
<context>
    <name>gs::RankedListModel</name>
    <message>
        <source>%1. %2%3  (%4)</source>
        <translation>%1. %2%3  (%4)</translation>
    </message>
    <message>
        <source>%1. %2
%3</source>
        <translation>%1. %2
%3</translation>
    </message>
    <message>
        <source>Rank %1, score %2
%3
image %4</source>
        <translation>Rang %1, Score %2
%3
Bild %4</translation>
    </message>
    <message>
        <source>Rank %1, score %2
%3</source>
        <translation>Rang %1, Score %2
%3</translation>
    </message>
</context>
<context>
    <name>gs::RegionAttributionView</name>
    <message>
        <source>Occlusion map</source>
        <translation>Verdeckungskarte</translation>
    </message>
    <message>
        <source>Grey out a %1 × %1 grid of the photo one cell at a time and score the caption again: red cells raise the score, blue ones lower it (runs the run&apos;s backbone; a background job)</source>
        <translation>Ein %1 × %1-Raster des Fotos Zelle für Zelle ausgrauen und die Beschreibung neu bewerten: Rote Zellen heben den Wert, blaue senken ihn (führt das Backbone des Laufs aus; ein Hintergrundjob)</translation>
    </message>
    <message>
        <source>Part contributions</source>
        <translation>Beiträge der Teile</translation>
    </message>
    <message>
        <source>Take away each region (HM-LSTM) or concept (concepts model) and score the caption again</source>
        <translation>Jede Region (HM-LSTM) oder jedes Konzept (Konzeptmodell) wegnehmen und die Beschreibung neu bewerten</translation>
    </message>
    <message>
        <source>Export contributions…</source>
        <translation>Beiträge exportieren…</translation>
    </message>
    <message>
        <source>Contributions need a trained run: open one.</source>
        <translation>Beiträge brauchen einen trainierten Lauf: Öffnen Sie einen.</translation>
    </message>
    <message>
        <source>Select an image and a caption first.</source>
        <translation>Wählen Sie zuerst ein Bild und eine Beschreibung.</translation>
    </message>
    <message>
        <source>Select a caption: the map explains its score against the image.</source>
        <translation>Wählen Sie eine Beschreibung: Die Karte erklärt ihren Wert für das Bild.</translation>
    </message>
    <message>
        <source>Computing the occlusion map…</source>
        <translation>Verdeckungskarte wird berechnet…</translation>
    </message>
    <message>
        <source>Computing the parts&apos; contributions…</source>
        <translation>Beiträge der Teile werden berechnet…</translation>
    </message>
    <message>
        <source>Occlusion map of %1</source>
        <translation>Verdeckungskarte von %1</translation>
    </message>
    <message>
        <source>Contributions of %1&apos;s parts</source>
        <translation>Beiträge der Teile von %1</translation>
    </message>
    <message>
        <source>No contributions: %1</source>
        <translation>Keine Beiträge: %1</translation>
    </message>
    <message>
        <source>what the cell adds to the score (the score minus the score with the cell grey)</source>
        <translation>was die Zelle zum Wert beiträgt (der Wert minus der Wert mit grauer Zelle)</translation>
    </message>
    <message>
        <source>what the region adds to the phrase–region match</source>
        <translation>was die Region zur Übereinstimmung von Phrasen und Regionen beiträgt</translation>
    </message>
    <message>
        <source>what the concept adds to the score (the score minus the score with it set to 0)</source>
        <translation>was das Konzept zum Wert beiträgt (der Wert minus der Wert, wenn es auf 0 gesetzt ist)</translation>
    </message>
    <message>
        <source>lowers the score (Δ %1)</source>
        <translation>senkt den Wert (Δ %1)</translation>
    </message>
    <message>
        <source>raises the score (Δ +%1)</source>
        <translation>hebt den Wert (Δ +%1)</translation>
    </message>
</context>
<context>
    <name>gs::RegionExport</name>
    <message>
        <source>%1: the correspondences need an HM-LSTM run</source>
        <translation>%1: Die Zuordnungen erfordern einen HM-LSTM-Lauf</translation>
    </message>
    <message>
        <source>Export correspondences</source>
        <translation>Zuordnungen exportieren</translation>
    </message>
    <message>
        <source>Export the regions figure</source>
        <translation>Regionen-Abbildung exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg);;PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>Width (pixels for PNG, points for SVG/PDF):</source>
        <translation>Breite (Pixel für PNG, Punkt für SVG/PDF):</translation>
    </message>
    <message>
        <source>Device pixel ratio:</source>
        <translation>Gerätepixelverhältnis:</translation>
    </message>
    <message>
        <source>This image&apos;s captions</source>
        <translation>Beschreibungen dieses Bildes</translation>
    </message>
    <message>
        <source>The whole test split</source>
        <translation>Die gesamte Testaufteilung</translation>
    </message>
    <message>
        <source>Which phrases:</source>
        <translation>Welche Phrasen:</translation>
    </message>
    <message>
        <source>CSV table (*.csv);;JSON (*.json)</source>
        <translation>CSV-Tabelle (*.csv);;JSON (*.json)</translation>
    </message>
</context>
<context>
    <name>gs::RegionOptionsBar</name>
    <message>
        <source>Proposals</source>
        <translation>Vorschläge</translation>
    </message>
    <message>
        <source>The image&apos;s selective-search boxes (numbered), as the features job stores them.</source>
        <translation>Die Selective-Search-Boxen des Bildes (nummeriert), wie der features-Auftrag sie speichert.</translation>
    </message>
    <message>
        <source>Ground truth</source>
        <translation>Ground Truth</translation>
    </message>
    <message>
        <source>Each noun phrase&apos;s box where the dataset has one (dashed).</source>
        <translation>Die Box jeder Nominalphrase, sofern der Datensatz eine enthält (gestrichelt).</translation>
    </message>
    <message>
        <source>Learned</source>
        <translation>Gelernt</translation>
    </message>
    <message>
        <source>The region the run chose for each noun phrase, with its score s(v, h).</source>
        <translation>Die Region, die der Lauf für jede Nominalphrase gewählt hat, mit ihrem Score s(v, h).</translation>
    </message>
    <message>
        <source>Overlay</source>
        <translation>Überlagert</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>Nebeneinander</translation>
    </message>
    <message>
        <source>Learned and ground-truth boxes on one photo, or on two photos side by side.</source>
        <translation>Gelernte und Ground-Truth-Boxen auf einem Foto oder auf zwei Fotos nebeneinander.</translation>
    </message>
    <message>
        <source>top </source>
        <translation>Top </translation>
    </message>
    <message>
        <source>Regions drawn per phrase.</source>
        <translation>Gezeichnete Regionen pro Phrase.</translation>
    </message>
    <message>
        <source>score ≥ </source>
        <translation>Score ≥ </translation>
    </message>
    <message>
        <source>Learned regions scoring below this are not drawn.</source>
        <translation>Gelernte Regionen mit einem niedrigeren Score werden nicht gezeichnet.</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Label size.</source>
        <translation>Beschriftungsgröße.</translation>
    </message>
    <message>
        <source>Opacity of the boxes.</source>
        <translation>Deckkraft der Boxen.</translation>
    </message>
    <message>
        <source>Export figure…</source>
        <translation>Abbildung exportieren…</translation>
    </message>
    <message>
        <source>Export data…</source>
        <translation>Daten exportieren…</translation>
    </message>
    <message>
        <source>Opacity</source>
        <translation>Deckkraft</translation>
    </message>
</context>
<context>
    <name>gs::RegionPanel</name>
    <message>
        <source>Noun phrases</source>
        <translation>Nominalphrasen</translation>
    </message>
    <message>
        <source>the run (%1) learns no regions</source>
        <translation>der Lauf (%1) lernt keine Regionen</translation>
    </message>
    <message>
        <source>none open</source>
        <translation>keiner geöffnet</translation>
    </message>
    <message>
        <source>no concept box is shown</source>
        <translation>kein Konzeptrahmen wird gezeigt</translation>
    </message>
    <message>
        <source>no learned box is shown</source>
        <translation>kein gelernter Rahmen wird gezeigt</translation>
    </message>
    <message>
        <source>no learned box matches its ground truth (IoU ≥ 0.5)</source>
        <translation>kein gelernter Rahmen passt zu seiner Ground Truth (IoU ≥ 0,5)</translation>
    </message>
    <message>
        <source>Open a dataset, then select an image or a caption.</source>
        <translation>Öffnen Sie einen Datensatz und wählen Sie dann ein Bild oder eine Beschreibung.</translation>
    </message>
    <message>
        <source>Select an image or a caption to see its regions.</source>
        <translation>Wählen Sie ein Bild oder eine Beschreibung, um die zugehörigen Regionen zu sehen.</translation>
    </message>
    <message>
        <source>Opening the run&apos;s model…</source>
        <translation>Modell des Laufs wird geöffnet…</translation>
    </message>
    <message>
        <source>The run&apos;s regions cannot be shown: %1</source>
        <translation>Die Regionen des Laufs können nicht angezeigt werden: %1</translation>
    </message>
    <message>
        <source>No run open: the image&apos;s proposals and the dataset&apos;s ground truth. Open an HM-LSTM run for the region it chooses for each noun phrase, or a concepts run for its concepts by region.</source>
        <translation>Kein Lauf geöffnet: die Vorschläge des Bildes und die Ground Truth des Datensatzes. Öffnen Sie einen HM-LSTM-Lauf für die Region, die er für jede Nominalphrase wählt, oder einen Konzept-Lauf für seine Konzepte je Region.</translation>
    </message>
    <message>
        <source>This run (%1) learns no regions: train the HM-LSTM (its regions come from the features job&apos;s --regions option: `groundscope-cli features DATASET --regions`) or the concepts model. Proposals and ground truth are shown.</source>
        <translation>Dieser Lauf (%1) lernt keine Regionen: Trainieren Sie das HM-LSTM (seine Regionen stammen aus der Option --regions des features-Auftrags: `groundscope-cli features DATASET --regions`) oder das Konzeptmodell. Vorschläge und Ground Truth werden angezeigt.</translation>
    </message>
    <message>
        <source>Run: %1 (%2)</source>
        <translation>Lauf: %1 (%2)</translation>
    </message>
    <message>
        <source>Scoring the image&apos;s regions…</source>
        <translation>Regionen des Bildes werden bewertet…</translation>
    </message>
    <message numerus="yes">
        <source>%n box(es) reached outside the image and were clipped.</source>
        <translation>
            <numerusform>%n Box ragte über das Bild hinaus und wurde beschnitten.</numerusform>
            <numerusform>%n Boxen ragten über das Bild hinaus und wurden beschnitten.</numerusform>
        </translation>
    </message>
    <message>
        <source>The caption has no noun phrase to ground.</source>
        <translation>Die Beschreibung hat keine Nominalphrase zum Verankern.</translation>
    </message>
    <message>
        <source>The dataset has no phrase boxes for this caption.</source>
        <translation>Der Datensatz hat keine Phrasenboxen für diese Beschreibung.</translation>
    </message>
</context>
<context>
    <name>gs::RegionRankingView</name>
    <message>
        <source>Rank all test phrases for a region</source>
        <translation>Alle Testphrasen für eine Region ordnen</translation>
    </message>
    <message>
        <source>Ranked regions or phrases</source>
        <translation>Geordnete Regionen oder Phrasen</translation>
    </message>
    <message>
        <source>“%1”: the image has no candidate region.</source>
        <translation>„%1“: Das Bild hat keine Kandidatenregion.</translation>
    </message>
    <message>
        <source>“%1”: ground truth %2. Open an HM-LSTM run to see the regions it chooses.</source>
        <translation>„%1“: Ground Truth %2. Öffnen Sie einen HM-LSTM-Lauf, um die von ihm gewählten Regionen zu sehen.</translation>
    </message>
    <message>
        <source>Top regions for “%1” (click one to rank phrases for it):</source>
        <translation>Beste Regionen für „%1“ (klicken Sie auf eine, um Phrasen für sie zu ordnen):</translation>
    </message>
    <message>
        <source>%1. region %2  %3  score %4</source>
        <translation>%1. Region %2  %3  Score %4</translation>
    </message>
    <message>
        <source>  IoU %1 %2</source>
        <translation>  IoU %1 %2</translation>
    </message>
    <message>
        <source>Region %1. Open an HM-LSTM run to rank phrases for it.</source>
        <translation>Region %1. Öffnen Sie einen HM-LSTM-Lauf, um Phrasen für sie zu ordnen.</translation>
    </message>
    <message>
        <source>Ranking phrases for region %1…</source>
        <translation>Phrasen für Region %1 werden geordnet…</translation>
    </message>
    <message>
        <source>Rank phrases for region %1</source>
        <translation>Phrasen für Region %1 ordnen</translation>
    </message>
    <message>
        <source>Test phrases ranked for region %1 (★ this image&apos;s):</source>
        <translation>Testphrasen, geordnet für Region %1 (★ die dieses Bildes):</translation>
    </message>
    <message>
        <source>This image&apos;s phrases ranked for region %1:</source>
        <translation>Phrasen dieses Bildes, geordnet für Region %1:</translation>
    </message>
</context>
<context>
    <name>gs::RegionRun</name>
    <message>
        <source>Open the run&apos;s regions model</source>
        <translation>Regionenmodell des Laufs öffnen</translation>
    </message>
</context>
<context>
    <name>gs::RegionScene</name>
    <message>
        <source>Regions of %1</source>
        <translation>Regionen von %1</translation>
    </message>
    <message>
        <source>Cannot show the image&apos;s regions: %1</source>
        <translation>Die Regionen des Bildes können nicht angezeigt werden: %1</translation>
    </message>
    <message>
        <source>region %1: %2</source>
        <translation>Region %1: %2</translation>
    </message>
    <message>
        <source>
feature norm ‖x‖ = %1</source>
        <translation>
Merkmalsnorm ‖x‖ = %1</translation>
    </message>
    <message>
        <source>
score against the caption s(v, y) = %1</source>
        <translation>
Score gegenüber der Beschreibung s(v, y) = %1</translation>
    </message>
    <message>
        <source>ground truth of “%1”: %2</source>
        <translation>Ground Truth von „%1“: %2</translation>
    </message>
    <message>
        <source>learned for “%1”: %2</source>
        <translation>gelernt für „%1“: %2</translation>
    </message>
    <message>
        <source>%1: p = %2 (its maximum, in region %3)</source>
        <translation>%1: p = %2 (sein Maximum, in Region %3)</translation>
    </message>
    <message>
        <source>the label prior&apos;s choice for “%1” (no training: its head noun&apos;s ImageNet classes): %2</source>
        <translation>Wahl des Label-Priors für „%1“ (ohne Training: die ImageNet-Klassen ihres Kopfnomens): %2</translation>
    </message>
</context>
<context>
    <name>gs::RetrievalCompareView</name>
    <message>
        <source>True image ranks %1 of %2</source>
        <translation>Richtiges Bild steht auf Rang %1 von %2</translation>
    </message>
    <message>
        <source>Best caption of the image ranks %1 of %2</source>
        <translation>Beste Beschreibung des Bildes steht auf Rang %1 von %2</translation>
    </message>
    <message>
        <source>True match not among the best %1</source>
        <translation>Richtiger Treffer nicht unter den besten %1</translation>
    </message>
    <message>
        <source>%1 images ranked (no true image)</source>
        <translation>%1 Bilder geordnet (kein richtiges Bild)</translation>
    </message>
    <message>
        <source>%1 captions ranked</source>
        <translation>%1 Beschreibungen geordnet</translation>
    </message>
    <message>
        <source>Compare with run…</source>
        <translation>Mit Lauf vergleichen…</translation>
    </message>
    <message>
        <source>Choose a second run trained on the same test split</source>
        <translation>Einen zweiten Lauf wählen, der auf derselben Testaufteilung trainiert wurde</translation>
    </message>
    <message>
        <source>Choose a second run to rank the same query with both.</source>
        <translation>Wählen Sie einen zweiten Lauf, damit beide Läufe für dieselbe Anfrage eine Rangfolge erstellen.</translation>
    </message>
    <message>
        <source>Sentence both runs rank images for</source>
        <translation>Satz, für den beide Läufe Bilder ordnen</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter</source>
        <translation>Geben Sie einen Satz ein und drücken Sie die Eingabetaste</translation>
    </message>
    <message>
        <source>Image both runs rank captions for</source>
        <translation>Bild, für das beide Läufe Beschreibungen ordnen</translation>
    </message>
    <message>
        <source>…or an image whose captions both runs rank</source>
        <translation>…oder ein Bild, dessen Beschreibungen beide Läufe ordnen</translation>
    </message>
    <message>
        <source>By rank</source>
        <translation>Nach Rang</translation>
    </message>
    <message>
        <source>Moved most first</source>
        <translation>Größte Verschiebung zuerst</translation>
    </message>
    <message>
        <source>Order of both lists</source>
        <translation>Reihenfolge beider Listen</translation>
    </message>
    <message>
        <source>Moved most first: the items whose ranks in A and B differ most</source>
        <translation>Größte Verschiebung zuerst: die Elemente, deren Ränge in A und B sich am stärksten unterscheiden</translation>
    </message>
    <message>
        <source>Ranked by run A</source>
        <translation>Geordnet von Lauf A</translation>
    </message>
    <message>
        <source>Ranked by run B</source>
        <translation>Geordnet von Lauf B</translation>
    </message>
    <message>
        <source>Right-click a row for the caption&apos;s trees under both runs</source>
        <translation>Rechtsklick auf eine Zeile zeigt die Bäume der Beschreibung unter beiden Läufen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>A: no run open</source>
        <translation>A: kein Lauf geöffnet</translation>
    </message>
    <message>
        <source>B: no run chosen</source>
        <translation>B: kein Lauf gewählt</translation>
    </message>
    <message>
        <source>Run B was dropped: %1</source>
        <translation>Lauf B wurde verworfen: %1</translation>
    </message>
    <message>
        <source>Compare with run</source>
        <translation>Mit Lauf vergleichen</translation>
    </message>
    <message>
        <source>Embedding the test split of %1…</source>
        <translation>Testaufteilung von %1 wird eingebettet…</translation>
    </message>
    <message>
        <source>Could not open %1: %2</source>
        <translation>%1 konnte nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>Vergleich nicht möglich: %1</translation>
    </message>
    <message>
        <source>Type a sentence or pick an image: both runs rank it.</source>
        <translation>Geben Sie einen Satz ein oder wählen Sie ein Bild; beide Läufe erstellen dazu eine Rangfolge.</translation>
    </message>
    <message>
        <source>Open a run and choose a second one to compare.</source>
        <translation>Öffnen Sie einen Lauf und wählen Sie einen zweiten zum Vergleich.</translation>
    </message>
    <message>
        <source>Ranking…</source>
        <translation>Wird geordnet…</translation>
    </message>
    <message>
        <source>Cannot rank: %1</source>
        <translation>Ordnen nicht möglich: %1</translation>
    </message>
    <message>
        <source>Images for “%1”</source>
        <translation>Bilder für „%1“</translation>
    </message>
    <message>
        <source>Captions for image %1</source>
        <translation>Beschreibungen für Bild %1</translation>
    </message>
    <message>
        <source>Trees for A and B</source>
        <translation>Bäume für A und B</translation>
    </message>
    <message>
        <source>The caption&apos;s trees under both runs, coloured by each run&apos;s contributions to the score</source>
        <translation>Die Bäume der Beschreibung unter beiden Läufen, gefärbt nach den Beiträgen jedes Laufs zum Wert</translation>
    </message>
    <message>
        <source>Nothing to export: rank something with both runs first</source>
        <translation>Nichts zu exportieren: Ordnen Sie zuerst etwas mit beiden Läufen</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Export both ranked lists</source>
        <translation>Beide Ranglisten exportieren</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Exported the top %1 of both lists to %2</source>
        <translation>Die besten %1 beider Listen nach %2 exportiert</translation>
    </message>
    <message>
        <source>Open run B: %1</source>
        <translation>Lauf B öffnen: %1</translation>
    </message>
    <message>
        <source>Rank images with runs A and B</source>
        <translation>Bilder mit den Läufen A und B ordnen</translation>
    </message>
    <message>
        <source>Rank captions with runs A and B</source>
        <translation>Bildunterschriften mit den Läufen A und B ordnen</translation>
    </message>
</context>
<context>
    <name>gs::RetrievalPanel</name>
    <message>
        <source>Type a sentence and press Enter</source>
        <translation>Geben Sie einen Satz ein und drücken Sie die Eingabetaste</translation>
    </message>
    <message>
        <source>Double-click an image to rank the captions for it</source>
        <translation>Doppelklicken Sie auf ein Bild, um die Beschreibungen dafür zu ordnen</translation>
    </message>
    <message>
        <source>The image whose captions are ranked</source>
        <translation>Das Bild, dessen Beschreibungen geordnet werden</translation>
    </message>
    <message>
        <source>Double-click a caption to rank the images for it</source>
        <translation>Doppelklicken Sie auf eine Beschreibung, um die Bilder dafür zu ordnen</translation>
    </message>
    <message>
        <source>Sentence → images</source>
        <translation>Satz → Bilder</translation>
    </message>
    <message>
        <source>Image → captions</source>
        <translation>Bild → Beschreibungen</translation>
    </message>
    <message>
        <source>Top K</source>
        <translation>Top K</translation>
    </message>
    <message>
        <source>How many of the ranked results an export writes</source>
        <translation>Wie viele der geordneten Ergebnisse ein Export schreibt</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Could not open the run %1:
%2</source>
        <translation>Der Lauf %1 konnte nicht geöffnet werden:
%2</translation>
    </message>
    <message>
        <source>Train a model or open a run to search its test split.</source>
        <translation>Trainieren Sie ein Modell oder öffnen Sie einen Lauf, um seine Testaufteilung zu durchsuchen.</translation>
    </message>
    <message>
        <source>Embedding the run&apos;s test split…</source>
        <translation>Testaufteilung des Laufs wird eingebettet…</translation>
    </message>
    <message>
        <source>Ranking…</source>
        <translation>Wird geordnet…</translation>
    </message>
    <message>
        <source>Cannot rank: %1</source>
        <translation>Ordnen nicht möglich: %1</translation>
    </message>
    <message>
        <source>True image %1 ranks %2 of %3</source>
        <translation>Richtiges Bild %1 steht auf Rang %2 von %3</translation>
    </message>
    <message>
        <source>%1 images have this caption; the best, %2, ranks %3 of %4</source>
        <translation>%1 Bilder haben diese Beschreibung; das beste, %2, steht auf Rang %3 von %4</translation>
    </message>
    <message>
        <source>%1 images ranked (the sentence is not one of the split&apos;s captions)</source>
        <translation>%1 Bilder geordnet (der Satz gehört nicht zu den Beschreibungen der Aufteilung)</translation>
    </message>
    <message>
        <source>Image %1: its best caption ranks %2 of %3 (%4 describe it, marked ✓)</source>
        <translation>Bild %1: Seine beste Beschreibung steht auf Rang %2 von %3 (%4 beschreiben es, mit ✓ markiert)</translation>
    </message>
    <message>
        <source>Image %1: no caption of the split describes it</source>
        <translation>Bild %1: Keine Beschreibung der Aufteilung beschreibt es</translation>
    </message>
    <message>
        <source>Image %1 is not in the run&apos;s %2 split</source>
        <translation>Bild %1 ist nicht in der Aufteilung %2 des Laufs</translation>
    </message>
    <message>
        <source>Nothing to export: rank something first</source>
        <translation>Nichts zu exportieren: Ordnen Sie zuerst etwas</translation>
    </message>
    <message>
        <source>Export ranked list</source>
        <translation>Rangliste exportieren</translation>
    </message>
    <message>
        <source>Exported the top %1 to %2</source>
        <translation>Die besten %1 nach %2 exportiert</translation>
    </message>
    <message>
        <source>Sentence to rank images for</source>
        <translation>Satz, für den Bilder geordnet werden</translation>
    </message>
    <message>
        <source> — approximate search (%1 index): the best %2 are ranked</source>
        <translation> — approximative Suche (%1-Index): die besten %2 werden geordnet</translation>
    </message>
    <message>
        <source>The caption&apos;s own image is not among the best %1 of %2</source>
        <translation>Das eigene Bild der Beschreibung ist nicht unter den besten %1 von %2</translation>
    </message>
    <message>
        <source>Image %1: none of its %2 captions is among the best %3 of %4</source>
        <translation>Bild %1: Keine seiner %2 Beschreibungen ist unter den besten %3 von %4</translation>
    </message>
    <message>
        <source>True image ranks %1 of %2, below the %3 listed</source>
        <translation>Richtiges Bild steht auf Rang %1 von %2, unterhalb der %3 aufgelisteten</translation>
    </message>
    <message>
        <source>%1 images have this caption; the best ranks %2 of %3, below the %4 listed</source>
        <translation>%1 Bilder haben diese Beschreibung; das beste steht auf Rang %2 von %3, unterhalb der %4 aufgelisteten</translation>
    </message>
    <message>
        <source>A | B</source>
        <translation>A | B</translation>
    </message>
    <message>
        <source>One query ranked by this run and a second run, side by side</source>
        <translation>Eine Anfrage, geordnet von diesem und einem zweiten Lauf, nebeneinander</translation>
    </message>
    <message>
        <source>Write the shown list as CSV, JSON or an HTML page with thumbnails (A | B: both lists as CSV)</source>
        <translation>Die angezeigte Liste als CSV, JSON oder HTML-Seite mit Vorschaubildern schreiben (A | B: beide Listen als CSV)</translation>
    </message>
    <message>
        <source>Image %1 is not in the sample recorded at epoch %2</source>
        <translation>Bild %1 ist nicht in der in Epoche %2 aufgezeichneten Stichprobe</translation>
    </message>
    <message>
        <source>Back to the kept model</source>
        <translation>Zurück zum gespeicherten Modell</translation>
    </message>
    <message>
        <source>Rank the whole test split with the model the run kept (every panel returns to it)</source>
        <translation>Die gesamte Testaufteilung mit dem Modell ordnen, das der Lauf gespeichert hat (alle Bereiche kehren zu ihm zurück)</translation>
    </message>
    <message>
        <source>Opening epoch %1…</source>
        <translation>Epoche %1 wird geöffnet…</translation>
    </message>
    <message>
        <source>Epoch %1 could not be opened: %2</source>
        <translation>Epoche %1 konnte nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Pick one of the sample&apos;s captions and press Enter</source>
        <translation>Wählen Sie eine Beschreibung der Stichprobe und drücken Sie die Eingabetaste</translation>
    </message>
    <message>
        <source>&lt;b&gt;Epoch %1&lt;/b&gt; — the recorded sample of %2 images</source>
        <translation>&lt;b&gt;Epoche %1&lt;/b&gt; — die aufgezeichnete Stichprobe von %2 Bildern</translation>
    </message>
    <message>
        <source>At an epoch only the sample&apos;s own captions can be ranked: the recorded vectors cannot embed new text.</source>
        <translation>In einer aufgezeichneten Epoche lassen sich nur die eigenen Beschreibungen der Stichprobe ordnen: Die aufgezeichneten Vektoren können keinen neuen Text einbetten.</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>List every image of the split again</source>
        <translation>Wieder alle Bilder der Aufteilung auflisten</translation>
    </message>
    <message>
        <source>Slice: %1 — %2 images</source>
        <translation>Ausschnitt: %1 — %2 Bilder</translation>
    </message>
    <message>
        <source>Rank images for “%1”</source>
        <translation>Bilder für „%1“ ordnen</translation>
    </message>
    <message>
        <source>Rank captions for image %1</source>
        <translation>Bildunterschriften für Bild %1 ordnen</translation>
    </message>
    <message>
        <source>Open epoch %1</source>
        <translation>Epoche %1 öffnen</translation>
    </message>
</context>
<context>
    <name>gs::RetrievalSource</name>
    <message>
        <source>at epoch %1 only the recorded sample&apos;s own captions can be ranked (the recorded vectors cannot embed new text): pick one from the completions</source>
        <translation>in Epoche %1 lassen sich nur die eigenen Beschreibungen der aufgezeichneten Stichprobe ordnen (die aufgezeichneten Vektoren können keinen neuen Text einbetten): Wählen Sie eine aus den Vervollständigungen</translation>
    </message>
</context>
<context>
    <name>gs::RunControls</name>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausieren</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stoppen</translation>
    </message>
    <message>
        <source>Stop after the current minibatch; the last epoch&apos;s checkpoint is kept</source>
        <translation>Nach dem aktuellen Minibatch stoppen; der Checkpoint der letzten Epoche bleibt erhalten</translation>
    </message>
    <message>
        <source>Train over seeds…</source>
        <translation>Mit mehreren Startwerten trainieren…</translation>
    </message>
    <message>
        <source>Seeds…</source>
        <translation>Startwerte…</translation>
    </message>
    <message>
        <source>Train this configuration once per seed, one after the other, and draw the runs as one group</source>
        <translation>Diese Konfiguration einmal je Startwert nacheinander trainieren und die Läufe als eine Gruppe zeichnen</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Show or hide the model and hyperparameter settings</source>
        <translation>Modell- und Hyperparameter-Einstellungen ein- oder ausblenden</translation>
    </message>
    <message>
        <source>Train the model in the output folder (resumes a stopped run there)</source>
        <translation>Das Modell im Ausgabeordner trainieren (setzt einen dort gestoppten Lauf fort)</translation>
    </message>
    <message>
        <source>Open a dataset first, or choose the folder of a stopped run</source>
        <translation>Öffnen Sie zuerst einen Datensatz oder wählen Sie den Ordner eines gestoppten Laufs</translation>
    </message>
</context>
<context>
    <name>gs::RunHeading</name>
    <message>
        <source>The run&apos;s colour, as its curves are drawn (the Training dock&apos;s run list can change it)</source>
        <translation>Die Farbe des Laufs, in der seine Kurven gezeichnet werden (die Laufliste im Training-Dock kann sie ändern)</translation>
    </message>
</context>
<context>
    <name>gs::RunJob</name>
    <message>
        <source>Paused (the job holds at its next minibatch)</source>
        <translation>Pausiert (der Auftrag hält beim nächsten Minibatch an)</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Pausiert</translation>
    </message>
    <message>
        <source>Resumed</source>
        <translation>Fortgesetzt</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Wird gestoppt…</translation>
    </message>
</context>
<context>
    <name>gs::RunList</name>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Checked runs are drawn; selecting a finished run makes it the current run</source>
        <translation>Markierte Läufe werden gezeichnet; die Auswahl eines beendeten Laufs macht ihn zum aktuellen Lauf</translation>
    </message>
    <message>
        <source>Group seeds</source>
        <translation>Startwerte gruppieren</translation>
    </message>
    <message>
        <source>Draw checked runs that differ only in their seed as one mean curve with a band</source>
        <translation>Markierte Läufe, die sich nur im Startwert unterscheiden, als eine Mittelwertkurve mit Band zeichnen</translation>
    </message>
    <message>
        <source>Band around the mean</source>
        <translation>Band um den Mittelwert</translation>
    </message>
    <message>
        <source>± std</source>
        <translation>± Std.-Abw.</translation>
    </message>
    <message>
        <source>min–max</source>
        <translation>Min–Max</translation>
    </message>
    <message>
        <source>The band: one standard deviation either side of the mean, or the runs&apos; lowest to highest</source>
        <translation>Das Band: eine Standardabweichung zu beiden Seiten des Mittelwerts oder vom niedrigsten bis zum höchsten Wert der Läufe</translation>
    </message>
    <message>
        <source>Colour…</source>
        <translation>Farbe…</translation>
    </message>
    <message>
        <source>Colour of %1</source>
        <translation>Farbe von %1</translation>
    </message>
    <message>
        <source>Show folder</source>
        <translation>Ordner anzeigen</translation>
    </message>
    <message>
        <source>Remove from list</source>
        <translation>Aus Liste entfernen</translation>
    </message>
    <message numerus="yes">
        <source>Opened %1: %n epoch(s), </source>
        <translation>
            <numerusform>%1 geöffnet: %n Epoche, </numerusform>
            <numerusform>%1 geöffnet: %n Epochen, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minibatch(es)</source>
        <translation>
            <numerusform>%n Minibatch</numerusform>
            <numerusform>%n Minibatches</numerusform>
        </translation>
    </message>
    <message>
        <source> — training</source>
        <translation> — Training läuft</translation>
    </message>
    <message>
        <source> — finished</source>
        <translation> — beendet</translation>
    </message>
    <message>
        <source> — stopped</source>
        <translation> — gestoppt</translation>
    </message>
    <message>
        <source>, epoch %1/%2</source>
        <translation>, Epoche %1/%2</translation>
    </message>
    <message>
        <source>, epoch %1</source>
        <translation>, Epoche %1</translation>
    </message>
    <message>
        <source>, best epoch %1 (rsum %2)</source>
        <translation>, beste Epoche %1 (rsum %2)</translation>
    </message>
    <message>
        <source>%1 ρ %2</source>
        <translation>%1 ρ %2</translation>
    </message>
    <message>
        <source>%1 (N=%2)</source>
        <translation>%1 (N=%2)</translation>
    </message>
</context>
<context>
    <name>gs::RunTableModel</name>
    <message>
        <source>%1 (n=%2)</source>
        <translation>%1 (n=%2)</translation>
    </message>
    <message>
        <source>test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>best</source>
        <translation>beste</translation>
    </message>
    <message>
        <source>last</source>
        <translation>letzte</translation>
    </message>
    <message>
        <source>min</source>
        <translation>min</translation>
    </message>
    <message>
        <source>max</source>
        <translation>max</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>prepared</source>
        <translation>vorbereitet</translation>
    </message>
    <message>
        <source>broken</source>
        <translation>defekt</translation>
    </message>
    <message>
        <source>Filter field: %1</source>
        <translation>Filterfeld: %1</translation>
    </message>
    <message>
        <source>Right-click to show the test, best, last, lowest or highest value</source>
        <translation>Rechtsklick, um den Test-, besten, letzten, niedrigsten oder höchsten Wert anzuzeigen</translation>
    </message>
    <message>
        <source>group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>epochs</source>
        <translation>Epochen</translation>
    </message>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>state</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <source>95 % bootstrap interval over the test queries: [%1, %2]</source>
        <translation>95-%-Bootstrap-Intervall über die Testanfragen: [%1, %2]</translation>
    </message>
</context>
<context>
    <name>gs::RunsPanel</name>
    <message>
        <source>Filter runs</source>
        <translation>Läufe filtern</translation>
    </message>
    <message>
        <source>Filter: model = bow and margin &gt; 1</source>
        <translation>Filter: model = bow and margin &gt; 1</translation>
    </message>
    <message>
        <source>Comparisons FIELD OP VALUE (= != &lt; &lt;= &gt; &gt;= ~) joined with and, or, not and parentheses; a column&apos;s header tooltip names its field</source>
        <translation>Vergleiche FELD OP WERT (= != &lt; &lt;= &gt; &gt;= ~), verknüpft mit and, or, not und Klammern; der Tooltip einer Spaltenüberschrift nennt ihr Feld</translation>
    </message>
    <message>
        <source>Group seeds</source>
        <translation>Startwerte gruppieren</translation>
    </message>
    <message>
        <source>One row per group of runs that differ only in their seed: each metric as mean ± standard deviation</source>
        <translation>Eine Zeile je Gruppe von Läufen, die sich nur im Startwert unterscheiden: jede Metrik als Mittelwert ± Standardabweichung</translation>
    </message>
    <message>
        <source>A default folder: runs trained here without another output folder</source>
        <translation>Ein Standardordner: Läufe, die ohne anderen Ausgabeordner trainiert werden, landen hier</translation>
    </message>
    <message>
        <source>Added by you</source>
        <translation>Von Ihnen hinzugefügt</translation>
    </message>
    <message>
        <source>Added by you; the folder does not exist now</source>
        <translation>Von Ihnen hinzugefügt; der Ordner existiert derzeit nicht</translation>
    </message>
    <message>
        <source>Run folders</source>
        <translation>Laufordner</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>Ordner hinzufügen…</translation>
    </message>
    <message>
        <source>Also list the runs in another folder (searched two levels deep)</source>
        <translation>Auch die Läufe in einem weiteren Ordner auflisten (zwei Ebenen tief durchsucht)</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Stop listing the selected folder&apos;s runs (its files stay)</source>
        <translation>Die Läufe des gewählten Ordners nicht mehr auflisten (seine Dateien bleiben erhalten)</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Read the folders again</source>
        <translation>Die Ordner neu einlesen</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Make the run current and add its curves to the Training dock (double-click does the same)</source>
        <translation>Den Lauf zum aktuellen machen und seine Kurven dem Training-Dock hinzufügen (ein Doppelklick bewirkt dasselbe)</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message>
        <source>Give the run another name (kept in its labels.json)</source>
        <translation>Dem Lauf einen anderen Namen geben (in seiner labels.json gespeichert)</translation>
    </message>
    <message>
        <source>Tags…</source>
        <translation>Tags…</translation>
    </message>
    <message>
        <source>Tag the selected runs (kept in each run&apos;s labels.json)</source>
        <translation>Die gewählten Läufe mit Tags versehen (in der labels.json jedes Laufs gespeichert)</translation>
    </message>
    <message>
        <source>Colour…</source>
        <translation>Farbe…</translation>
    </message>
    <message>
        <source>The colour every view draws the selected runs in</source>
        <translation>Die Farbe, in der jede Ansicht die gewählten Läufe zeichnet</translation>
    </message>
    <message>
        <source>Move to trash…</source>
        <translation>In den Papierkorb verschieben…</translation>
    </message>
    <message>
        <source>Move the selected run folders to the system&apos;s trash</source>
        <translation>Die gewählten Laufordner in den Papierkorb des Systems verschieben</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>The selected runs, or every shown run, as CSV or JSON</source>
        <translation>Die gewählten Läufe oder alle angezeigten Läufe als CSV oder JSON</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message numerus="yes">
        <source>Reading the runs in %n folder(s)…</source>
        <translation>
            <numerusform>Läufe in %n Ordner werden gelesen…</numerusform>
            <numerusform>Läufe in %n Ordnern werden gelesen…</numerusform>
        </translation>
    </message>
    <message>
        <source>Index runs</source>
        <translation>Läufe indizieren</translation>
    </message>
    <message>
        <source>Could not read the runs: %1</source>
        <translation>Die Läufe konnten nicht gelesen werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) (%1 shown in %2 groups)</source>
        <translation>
            <numerusform>%n Lauf (%1 in %2 Gruppen angezeigt)</numerusform>
            <numerusform>%n Läufe (%1 in %2 Gruppen angezeigt)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) (%1 shown)</source>
        <translation>
            <numerusform>%n Lauf (%1 angezeigt)</numerusform>
            <numerusform>%n Läufe (%1 angezeigt)</numerusform>
        </translation>
    </message>
    <message>
        <source>No runs in these folders yet: train one in the Training dock, or add the folder that holds yours.</source>
        <translation>Noch keine Läufe in diesen Ordnern: Trainieren Sie einen im Training-Dock oder fügen Sie den Ordner hinzu, der Ihre Läufe enthält.</translation>
    </message>
    <message numerus="yes">
        <source>%n folder(s) could not be read.</source>
        <translation>
            <numerusform>%n Ordner konnte nicht gelesen werden.</numerusform>
            <numerusform>%n Ordner konnten nicht gelesen werden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Every metric column</source>
        <translation>Alle Metrikspalten</translation>
    </message>
    <message>
        <source>Export runs</source>
        <translation>Läufe exportieren</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
    <message numerus="yes">
        <source>(%n line(s) skipped)</source>
        <translation>
            <numerusform>(%n Zeile übersprungen)</numerusform>
            <numerusform>(%n Zeilen übersprungen)</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not export %1: %2</source>
        <translation>%1 konnte nicht exportiert werden: %2</translation>
    </message>
    <message>
        <source>Add a runs folder</source>
        <translation>Laufordner hinzufügen</translation>
    </message>
    <message>
        <source>Rename run</source>
        <translation>Lauf umbenennen</translation>
    </message>
    <message>
        <source>Name (empty: the folder&apos;s name):</source>
        <translation>Name (leer: der Name des Ordners):</translation>
    </message>
    <message>
        <source>Tags, separated by commas:</source>
        <translation>Tags, durch Kommas getrennt:</translation>
    </message>
    <message>
        <source>Tags of all %1 runs, separated by commas (their other tags stay):</source>
        <translation>Tags aller %1 Läufe, durch Kommas getrennt (ihre übrigen Tags bleiben erhalten):</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <source>Run colour</source>
        <translation>Farbe des Laufs</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>und %n weiterer</numerusform>
            <numerusform>und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Move to trash</source>
        <translation>In den Papierkorb verschieben</translation>
    </message>
    <message numerus="yes">
        <source>Move %n run folder(s) to the trash?</source>
        <translation>
            <numerusform>%n Laufordner in den Papierkorb verschieben?</numerusform>
            <numerusform>%n Laufordner in den Papierkorb verschieben?</numerusform>
        </translation>
    </message>
    <message>
        <source>Do not move a run that is training now.</source>
        <translation>Verschieben Sie keinen Lauf, der gerade trainiert wird.</translation>
    </message>
    <message>
        <source>CSV, the table (*.csv)</source>
        <translation>CSV, die Tabelle (*.csv)</translation>
    </message>
    <message>
        <source>CSV, the table and the curves (*.csv)</source>
        <translation>CSV, die Tabelle und die Kurven (*.csv)</translation>
    </message>
    <message>
        <source>JSON, the table (*.json)</source>
        <translation>JSON, die Tabelle (*.json)</translation>
    </message>
    <message>
        <source>JSON, the table and the curves (*.json)</source>
        <translation>JSON, die Tabelle und die Kurven (*.json)</translation>
    </message>
    <message numerus="yes">
        <source>Export %n run(s)</source>
        <translation>
            <numerusform>%n Lauf exportieren</numerusform>
            <numerusform>%n Läufe exportieren</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gs::ScreenshotTour</name>
    <message>
        <source>cannot create %1</source>
        <translation>%1 kann nicht erstellt werden</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <source>no order-sensitive test caption in the demo</source>
        <translation>keine wortfolgesensitive Testbeschreibung in der Demo</translation>
    </message>
    <message>
        <source>the Training panel did not start</source>
        <translation>die Trainingsansicht ist nicht gestartet</translation>
    </message>
    <message>
        <source>no model named %1</source>
        <translation>kein Modell namens %1</translation>
    </message>
    <message>
        <source>%1 names no dataset (run.json)</source>
        <translation>%1 nennt keinen Datensatz (run.json)</translation>
    </message>
    <message>
        <source>cannot open %1</source>
        <translation>%1 kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>cannot open the run %1</source>
        <translation>der Lauf %1 kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>the Trees dock has no contribution colouring</source>
        <translation>das Bäume-Dock hat keine Färbung nach Beitrag</translation>
    </message>
</context>
<context>
    <name>gs::SeedRunsJob</name>
    <message>
        <source>Cannot train over seeds: %1</source>
        <translation>Training mit mehreren Startwerten nicht möglich: %1</translation>
    </message>
    <message>
        <source>give at least two different positive seeds</source>
        <translation>mindestens zwei verschiedene positive Startwerte angeben</translation>
    </message>
    <message>
        <source>open a dataset first</source>
        <translation>zuerst einen Datensatz öffnen</translation>
    </message>
    <message>
        <source>choose an output folder</source>
        <translation>einen Ausgabeordner wählen</translation>
    </message>
    <message>
        <source>%1 already holds a run; choose another output folder</source>
        <translation>%1 enthält bereits einen Lauf; einen anderen Ausgabeordner wählen</translation>
    </message>
    <message numerus="yes">
        <source>Train %1 over %n seed(s)</source>
        <translation>
            <numerusform>%1 mit %n Startwert trainieren</numerusform>
            <numerusform>%1 mit %n Startwerten trainieren</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Training %1 over %n seed(s) into %2</source>
        <translation>
            <numerusform>%1 wird mit %n Startwert trainiert, Ausgabe nach %2</numerusform>
            <numerusform>%1 wird mit %n Startwerten trainiert, Ausgabe nach %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Waiting for the engine…</source>
        <translation>Warten auf die Engine…</translation>
    </message>
    <message>
        <source>Seeds: %1 of %2 trained · %3</source>
        <translation>Startwerte: %1 von %2 trainiert · %3</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n seed(s) trained</source>
        <translation>
            <numerusform>%1 von %n Startwert trainiert</numerusform>
            <numerusform>%1 von %n Startwerten trainiert</numerusform>
        </translation>
    </message>
    <message>
        <source>Finished in %1: %2</source>
        <translation>Beendet nach %1: %2</translation>
    </message>
    <message>
        <source>Finished: %1</source>
        <translation>Beendet: %1</translation>
    </message>
    <message>
        <source>Stopped: %1</source>
        <translation>Gestoppt: %1</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Failed: %1 (%2)</source>
        <translation>Fehlgeschlagen: %1 (%2)</translation>
    </message>
</context>
<context>
    <name>gs::SeedsDialog</name>
    <message>
        <source>Train over seeds</source>
        <translation>Mit mehreren Startwerten trainieren</translation>
    </message>
    <message>
        <source>Train the form&apos;s configuration once per seed, one after the other. The runs are drawn as one group: a mean with a band.</source>
        <translation>Die Konfiguration des Formulars einmal je Startwert trainieren, einen Lauf nach dem anderen. Die Läufe werden als eine Gruppe gezeichnet: ein Mittelwert mit einem Band.</translation>
    </message>
    <message>
        <source>Seeds</source>
        <translation>Startwerte</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>Trainieren</translation>
    </message>
    <message>
        <source>Seeds, separated by commas or spaces:</source>
        <translation>Startwerte, durch Kommas oder Leerzeichen getrennt:</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a positive integer.</source>
        <translation>„%1“ ist keine positive ganze Zahl.</translation>
    </message>
    <message>
        <source>Seed %1 is given twice.</source>
        <translation>Startwert %1 ist doppelt angegeben.</translation>
    </message>
    <message>
        <source>Give at least two seeds.</source>
        <translation>Geben Sie mindestens zwei Startwerte an.</translation>
    </message>
</context>
<context>
    <name>gs::SplitChooser</name>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>Which split of the run to map (the others are embedded when chosen)</source>
        <translation>Welche Aufteilung des Laufs abgebildet wird (die anderen werden bei Auswahl eingebettet)</translation>
    </message>
    <message>
        <source>No run: open a trained run to map its splits.</source>
        <translation>Kein Lauf: Öffnen Sie einen trainierten Lauf, um seine Aufteilungen abzubilden.</translation>
    </message>
    <message>
        <source>Embed the %1 split</source>
        <translation>Aufteilung %1 einbetten</translation>
    </message>
    <message>
        <source>Embed every split</source>
        <translation>Alle Aufteilungen einbetten</translation>
    </message>
    <message>
        <source>Cannot map the %1 split: %2</source>
        <translation>Die Aufteilung %1 kann nicht abgebildet werden: %2</translation>
    </message>
    <message>
        <source>Embedding the %1 split…</source>
        <translation>Aufteilung %1 wird eingebettet…</translation>
    </message>
    <message>
        <source>Embedding every split…</source>
        <translation>Alle Aufteilungen werden eingebettet…</translation>
    </message>
</context>
<context>
    <name>gs::ThumbnailModel</name>
    <message numerus="yes">
        <source>%n caption(s)</source>
        <translation>
            <numerusform>%n Beschreibung</numerusform>
            <numerusform>%n Beschreibungen</numerusform>
        </translation>
    </message>
    <message>
        <source>The image file cannot be decoded.</source>
        <translation>Die Bilddatei kann nicht dekodiert werden.</translation>
    </message>
    <message>
        <source>The image file is missing.</source>
        <translation>Die Bilddatei fehlt.</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>nicht lesbar</translation>
    </message>
</context>
<context>
    <name>gs::TrainConfigForm</name>
    <message>
        <source>none: learn word vectors from scratch</source>
        <translation>keine: Wortvektoren von Grund auf lernen</translation>
    </message>
    <message>
        <source>Choose a GloVe or word2vec text file</source>
        <translation>GloVe- oder word2vec-Textdatei wählen</translation>
    </message>
    <message>
        <source>Word vectors</source>
        <translation>Wortvektoren</translation>
    </message>
    <message>
        <source>Word vectors (*.txt *.vec);;All files (*)</source>
        <translation>Wortvektoren (*.txt *.vec);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a number</source>
        <translation>%1: „%2“ ist keine Zahl</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a whole number from 0 to %3</source>
        <translation>%1: „%2“ ist keine ganze Zahl von 0 bis %3</translation>
    </message>
    <message>
        <source>training form</source>
        <translation>Trainingsformular</translation>
    </message>
    <message>
        <source>Published settings of the model, or a row of its ablation table</source>
        <translation>Veröffentlichte Einstellungen des Modells oder eine Zeile seiner Ablationstabelle</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Voreinstellung</translation>
    </message>
    <message>
        <source>defaults</source>
        <translation>Standardwerte</translation>
    </message>
    <message>
        <source>preset</source>
        <translation>Voreinstellung</translation>
    </message>
    <message>
        <source>dependency trees (parsed on the first run)</source>
        <translation>Abhängigkeitsbäume (beim ersten Lauf geparst)</translation>
    </message>
    <message>
        <source>constituency trees (parsed on the first run)</source>
        <translation>Konstituentenbäume (beim ersten Lauf geparst)</translation>
    </message>
    <message>
        <source>constituency trees with their noun phrases (parsed on the first run)</source>
        <translation>Konstituentenbäume mit ihren Nominalphrasen (beim ersten Lauf geparst)</translation>
    </message>
    <message>
        <source>image regions (extracted with the features)</source>
        <translation>Bildregionen (mit den Merkmalen extrahiert)</translation>
    </message>
    <message>
        <source>no training loop: fitted in one step</source>
        <translation>keine Trainingsschleife: in einem Schritt angepasst</translation>
    </message>
    <message>
        <source>Needs: %1.</source>
        <translation>Benötigt: %1.</translation>
    </message>
    <message>
        <source>%1
(%2 in config.json)</source>
        <translation>%1
(%2 in config.json)</translation>
    </message>
    <message>
        <source>The preset changes: %1.</source>
        <translation>Die Voreinstellung ändert: %1.</translation>
    </message>
    <message>
        <source>Applies to loaded word vectors only: choose a file under Word vectors first.</source>
        <translation>Gilt nur für geladene Wortvektoren: zuerst unter Wortvektoren eine Datei wählen.</translation>
    </message>
</context>
<context>
    <name>gs::TrainingPanel</name>
    <message>
        <source>The run did not finish: Start resumes it from its last checkpoint.</source>
        <translation>Der Lauf wurde nicht beendet: „Starten“ setzt ihn ab seinem letzten Checkpoint fort.</translation>
    </message>
    <message>
        <source>Cannot start: %1</source>
        <translation>Start nicht möglich: %1</translation>
    </message>
    <message>
        <source>Cannot start: choose an output folder</source>
        <translation>Start nicht möglich: Wählen Sie einen Ausgabeordner</translation>
    </message>
    <message>
        <source>Cannot start: open a dataset first</source>
        <translation>Start nicht möglich: Öffnen Sie zuerst einen Datensatz</translation>
    </message>
    <message>
        <source>Open run</source>
        <translation>Lauf öffnen</translation>
    </message>
    <message>
        <source>Training log</source>
        <translation>Trainingsprotokoll</translation>
    </message>
</context>
<context>
    <name>gs::TrainingPlots</name>
    <message>
        <source>Minibatch</source>
        <translation>Minibatch</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>Epoche</translation>
    </message>
    <message>
        <source>Validation R@10 (%)</source>
        <translation>Validierung R@10 (%)</translation>
    </message>
    <message>
        <source>%1 image→text</source>
        <translation>%1 Bild→Text</translation>
    </message>
    <message>
        <source>%1 text→image</source>
        <translation>%1 Text→Bild</translation>
    </message>
    <message>
        <source>Validation R@1 (%)</source>
        <translation>Validierung R@1 (%)</translation>
    </message>
    <message>
        <source>Validation R@5 (%)</source>
        <translation>Validierung R@5 (%)</translation>
    </message>
    <message>
        <source>Validation rsum</source>
        <translation>Validierung rsum</translation>
    </message>
    <message>
        <source>Figure size</source>
        <translation>Abbildungsgröße</translation>
    </message>
    <message>
        <source>Width (px for PNG, pt for SVG/PDF)</source>
        <translation>Breite (px für PNG, pt für SVG/PDF)</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Höhe</translation>
    </message>
    <message>
        <source>Click or drag to pick the epoch of a minibatch; the wheel zooms, a double click fits the curves</source>
        <translation>Klicken oder ziehen, um die Epoche eines Minibatches zu wählen; das Mausrad zoomt, ein Doppelklick passt die Ansicht an die Kurven an</translation>
    </message>
    <message>
        <source>Click or drag to pick an epoch; the wheel zooms, a double click fits the curves</source>
        <translation>Klicken oder ziehen, um eine Epoche zu wählen; das Mausrad zoomt, ein Doppelklick passt die Ansicht an die Kurven an</translation>
    </message>
</context>
<context>
    <name>gs::TrainingSetup</name>
    <message>
        <source>Model and hyperparameters</source>
        <translation>Modell und Hyperparameter</translation>
    </message>
    <message>
        <source>Data and output</source>
        <translation>Daten und Ausgabe</translation>
    </message>
    <message>
        <source>Backbone</source>
        <translation>Backbone</translation>
    </message>
    <message>
        <source>The run folder. Starting with a folder that holds a stopped run resumes it.</source>
        <translation>Der Ordner des Laufs. Ein Start mit einem Ordner, der einen gestoppten Lauf enthält, setzt diesen fort.</translation>
    </message>
    <message>
        <source>Choose the output folder</source>
        <translation>Ausgabeordner wählen</translation>
    </message>
    <message>
        <source>Output folder</source>
        <translation>Ausgabeordner</translation>
    </message>
    <message>
        <source>open a dataset first</source>
        <translation>zuerst einen Datensatz öffnen</translation>
    </message>
</context>
<context>
    <name>gs::TreePair</name>
    <message>
        <source>Dependency tree</source>
        <translation>Abhängigkeitsbaum</translation>
    </message>
    <message>
        <source>Constituency tree</source>
        <translation>Konstituentenbaum</translation>
    </message>
    <message>
        <source>&lt;i&gt;%1&lt;/i&gt; against image %2</source>
        <translation>&lt;i&gt;%1&lt;/i&gt; gegenüber Bild %2</translation>
    </message>
    <message>
        <source>Computing the contributions…</source>
        <translation>Beiträge werden berechnet…</translation>
    </message>
    <message>
        <source>image %1 is not in the run&apos;s data</source>
        <translation>Bild %1 ist nicht in den Daten des Laufs</translation>
    </message>
    <message>
        <source>Parse: %1</source>
        <translation>Parser: %1</translation>
    </message>
    <message>
        <source>Contributions: %1</source>
        <translation>Beiträge: %1</translation>
    </message>
    <message>
        <source>score %1, rank %2 of %3</source>
        <translation>Wert %1, Rang %2 von %3</translation>
    </message>
    <message>
        <source>Trees for A and B</source>
        <translation>Bäume für A und B</translation>
    </message>
    <message>
        <source>Trees for %1: contributions with %2</source>
        <translation>Bäume für %1: Beiträge mit %2</translation>
    </message>
</context>
<context>
    <name>gs::TreePanel</name>
    <message>
        <source>Activation norm ‖h‖</source>
        <translation>Aktivierungsnorm ‖h‖</translation>
    </message>
    <message>
        <source>One hidden unit</source>
        <translation>Eine verborgene Einheit</translation>
    </message>
    <message>
        <source>Similarity to the selected image</source>
        <translation>Ähnlichkeit zum gewählten Bild</translation>
    </message>
    <message>
        <source>unit </source>
        <translation>Einheit </translation>
    </message>
    <message>
        <source>Export figure…</source>
        <translation>Abbildung exportieren…</translation>
    </message>
    <message>
        <source>Colour by</source>
        <translation>Färben nach</translation>
    </message>
    <message>
        <source>Dependency tree</source>
        <translation>Abhängigkeitsbaum</translation>
    </message>
    <message>
        <source>Constituency tree</source>
        <translation>Konstituentenbaum</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Test images ranked against the clicked phrase&apos;s joint-space vector</source>
        <translation>Testbilder, geordnet nach dem Vektor der angeklickten Phrase im gemeinsamen Raum</translation>
    </message>
    <message>
        <source>Images nearest to the phrase</source>
        <translation>Der Phrase nächste Bilder</translation>
    </message>
    <message>
        <source>Point at a node to see its vector; click it to list the images nearest to the phrase.</source>
        <translation>Zeigen Sie auf einen Knoten, um seinen Vektor zu sehen; klicken Sie darauf, um die der Phrase nächsten Bilder aufzulisten.</translation>
    </message>
    <message>
        <source>Link Grammar found no parse: the trees are a flat fallback.</source>
        <translation>Link Grammar hat keine Analyse gefunden: Die Bäume sind ein flacher Ersatz.</translation>
    </message>
    <message>
        <source>unit %1 of h</source>
        <translation>Einheit %1 von h</translation>
    </message>
    <message>
        <source>similarity to %1</source>
        <translation>Ähnlichkeit zu %1</translation>
    </message>
    <message>
        <source>‖h‖</source>
        <translation>‖h‖</translation>
    </message>
    <message>
        <source>Select a caption to see its trees.</source>
        <translation>Wählen Sie eine Beschreibung, um ihre Bäume zu sehen.</translation>
    </message>
    <message>
        <source>Parse: %1</source>
        <translation>Parser: %1</translation>
    </message>
    <message>
        <source>Opening the run&apos;s model…</source>
        <translation>Modell des Laufs wird geöffnet…</translation>
    </message>
    <message>
        <source>Node activations need a tree-model run: %1</source>
        <translation>Knotenaktivierungen erfordern einen Baummodell-Lauf: %1</translation>
    </message>
    <message>
        <source>The constituency tree is the one %1 composed (binarised; • marks an added node).</source>
        <translation>Der Konstituentenbaum ist der, den %1 zusammengesetzt hat (binarisiert; • markiert einen hinzugefügten Knoten).</translation>
    </message>
    <message>
        <source>The dependency tree is the one %1 composed (collapsed relations, punctuation dropped).</source>
        <translation>Der Abhängigkeitsbaum ist der, den %1 zusammengesetzt hat (zusammengefasste Relationen, ohne Satzzeichen).</translation>
    </message>
    <message>
        <source>(no activations: not the tree the model composed)</source>
        <translation>(keine Aktivierungen: nicht der Baum, den das Modell zusammengesetzt hat)</translation>
    </message>
    <message>
        <source>The run&apos;s test split is not embedded yet: no images to rank.</source>
        <translation>Die Testaufteilung des Laufs ist noch nicht eingebettet: keine Bilder zum Ordnen.</translation>
    </message>
    <message>
        <source>Export the trees</source>
        <translation>Bäume exportieren</translation>
    </message>
    <message>
        <source>Width (pixels for PNG, points for SVG/PDF):</source>
        <translation>Breite (Pixel für PNG, Punkt für SVG/PDF):</translation>
    </message>
    <message>
        <source>Node activations need a tree-model run (%1): open one to colour the trees.</source>
        <translation>Knotenaktivierungen erfordern einen Baummodell-Lauf (%1): Öffnen Sie einen, um die Bäume einzufärben.</translation>
    </message>
    <message>
        <source>The constituency tree is the one %1 composed (as parsed, punctuation dropped; outlined: the noun phrases, whose h enter their parent through Û and are embedded beside the sentence).</source>
        <translation>Der Konstituentenbaum ist der, den %1 zusammengesetzt hat (wie geparst, ohne Satzzeichen; umrandet: die Nominalphrasen, deren h über Û in ihren Elternknoten eingehen und die neben dem Satz eingebettet werden).</translation>
    </message>
    <message>
        <source>Hidden unit shown</source>
        <translation>Angezeigte verborgene Einheit</translation>
    </message>
    <message>
        <source>Images nearest to the selected node</source>
        <translation>Dem gewählten Knoten nächste Bilder</translation>
    </message>
    <message>
        <source>Open the run&apos;s tree model</source>
        <translation>Baummodell des Laufs öffnen</translation>
    </message>
    <message>
        <source>Inspect the caption&apos;s tree</source>
        <translation>Baum der Beschreibung untersuchen</translation>
    </message>
    <message>
        <source>Contribution to the score</source>
        <translation>Beitrag zum Wert</translation>
    </message>
    <message>
        <source>What the node colours show (activations need a tree-model run; contributions any run)</source>
        <translation>Was die Knotenfarben zeigen (Aktivierungen brauchen einen Baummodell-Lauf, Beiträge einen beliebigen Lauf)</translation>
    </message>
    <message>
        <source>Contributions to the score need a trained run: open one.</source>
        <translation>Beiträge zum Wert brauchen einen trainierten Lauf: Öffnen Sie einen.</translation>
    </message>
    <message>
        <source>Computing the contributions…</source>
        <translation>Beiträge werden berechnet…</translation>
    </message>
    <message>
        <source>Contributions: %1</source>
        <translation>Beiträge: %1</translation>
    </message>
    <message>
        <source>Attribution method</source>
        <translation>Attributionsmethode</translation>
    </message>
    <message>
        <source>Occlusion: the score without the part; gradient × input and integrated gradients: the part&apos;s share of the score by the network&apos;s gradient</source>
        <translation>Verdeckung: der Wert ohne den Teil; Gradient × Eingabe und integrierte Gradienten: der Anteil des Teils am Wert nach dem Gradienten des Netzes</translation>
    </message>
    <message>
        <source>Export contributions…</source>
        <translation>Beiträge exportieren…</translation>
    </message>
    <message>
        <source>Write each part&apos;s contribution as a CSV or JSON table</source>
        <translation>Den Beitrag jedes Teils als CSV- oder JSON-Tabelle schreiben</translation>
    </message>
    <message>
        <source>Open the run for attribution</source>
        <translation>Lauf für die Attribution öffnen</translation>
    </message>
    <message>
        <source>select an image of the run&apos;s data to explain the caption&apos;s score against it</source>
        <translation>Wählen Sie ein Bild aus den Daten des Laufs, um den Wert der Beschreibung dafür zu erklären</translation>
    </message>
    <message>
        <source>Explain the caption&apos;s score</source>
        <translation>Wert der Beschreibung erklären</translation>
    </message>
    <message>
        <source>score %1, rank %2 of %3</source>
        <translation>Wert %1, Rang %2 von %3</translation>
    </message>
</context>
<context>
    <name>gs::WelcomeView</name>
    <message>
        <source>&lt;h2&gt;Welcome to Groundscope&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Willkommen bei Groundscope&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>Groundscope learns a joint space where images and the sentences that describe them lie close, and shows why: the parse tree of a caption, the region each phrase picked, a map of the space and the ranked lists. Start with the built-in demo — 1,000 drawn scenes with captions, made on this machine in a few seconds — or open a dataset of your own.</source>
        <translation>Groundscope lernt einen gemeinsamen Raum, in dem Bilder und die Sätze, die sie beschreiben, nahe beieinander liegen, und zeigt, warum: den Parse-Baum einer Bildunterschrift, die Region, die jede Phrase gewählt hat, eine Karte des Raums und die Ranglisten. Beginnen Sie mit der eingebauten Demo — 1.000 gezeichnete Szenen mit Bildunterschriften, in wenigen Sekunden auf diesem Rechner erzeugt — oder öffnen Sie einen eigenen Datensatz.</translation>
    </message>
    <message>
        <source>Open the demo</source>
        <translation>Demo öffnen</translation>
    </message>
    <message>
        <source>Open a dataset…</source>
        <translation>Datensatz öffnen…</translation>
    </message>
    <message>
        <source>Getting started (10 minutes)</source>
        <translation>Erste Schritte (10 Minuten)</translation>
    </message>
    <message>
        <source>User manual</source>
        <translation>Handbuch</translation>
    </message>
    <message>
        <source>Recent datasets</source>
        <translation>Zuletzt geöffnete Datensätze</translation>
    </message>
    <message>
        <source>Recent runs</source>
        <translation>Zuletzt geöffnete Läufe</translation>
    </message>
    <message>
        <source>No dataset opened yet.</source>
        <translation>Noch kein Datensatz geöffnet.</translation>
    </message>
    <message>
        <source>No run trained or opened yet.</source>
        <translation>Noch kein Lauf trainiert oder geöffnet.</translation>
    </message>
    <message>
        <source>Double-click or press Enter to open</source>
        <translation>Doppelklicken oder Eingabetaste drücken zum Öffnen</translation>
    </message>
</context>
<context>
    <name>gs::WorkbenchState</name>
    <message>
        <source>Embed the test split</source>
        <translation>Testaufteilung einbetten</translation>
    </message>
</context>
<context>
    <name>gs::WorkbenchWatcher</name>
    <message>
        <source>The run folder %1 is back.</source>
        <translation>Der Lauf-Ordner %1 ist wieder da.</translation>
    </message>
    <message>
        <source>The run folder %1 was deleted or moved. The views keep what they show; what reads the run again (another epoch, an explanation, opening it) needs the folder back.</source>
        <translation>Der Lauf-Ordner %1 wurde gelöscht oder verschoben. Die Ansichten behalten, was sie zeigen; was den Lauf erneut liest (eine andere Epoche, eine Erklärung, das Öffnen) braucht den Ordner zurück.</translation>
    </message>
    <message>
        <source>%1 changed on disk since the dataset was opened (%2 images in all): the views show the new file where they read it again, and the next training extracts its features again.</source>
        <translation>%1 hat sich auf der Festplatte geändert, seit der Datensatz geöffnet wurde (%2 Bilder insgesamt): Die Ansichten zeigen die neue Datei, wo sie sie erneut lesen, und das nächste Training extrahiert ihre Merkmale neu.</translation>
    </message>
    <message>
        <source>%1 was removed from disk (%2 images of the dataset in all): the views show it as missing, and the next training skips it.</source>
        <translation>%1 wurde von der Festplatte entfernt (%2 Bilder des Datensatzes insgesamt): Die Ansichten zeigen es als fehlend, und das nächste Training überspringt es.</translation>
    </message>
    <message>
        <source>%1 was removed</source>
        <translation>%1 wurde entfernt</translation>
    </message>
    <message>
        <source>The feature cache %1 changed on disk. The open run keeps the embeddings it made from it.</source>
        <translation>Der Merkmals-Cache %1 hat sich auf der Festplatte geändert. Der geöffnete Lauf behält die Einbettungen, die er daraus berechnet hat.</translation>
    </message>
    <message>
        <source>The feature cache %1 is damaged: %2. The open run keeps the embeddings it made from it; the next training or extraction with these settings extracts the features again.</source>
        <translation>Der Merkmals-Cache %1 ist beschädigt: %2. Der geöffnete Lauf behält die Einbettungen, die er daraus berechnet hat; das nächste Training oder die nächste Extraktion mit diesen Einstellungen extrahiert die Merkmale neu.</translation>
    </message>
</context>
<context>
    <name>gs::Workspaces</name>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>The dataset: images, captions, the load report (Ctrl+1)</source>
        <translation>Der Datensatz: Bilder, Bildunterschriften, der Ladebericht (Strg+1)</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>Trainieren</translation>
    </message>
    <message>
        <source>Choose a model, train it, watch the curves, the runs, the log and the jobs (Ctrl+2)</source>
        <translation>Ein Modell wählen, trainieren, die Kurven, Läufe, das Protokoll und die Aufträge verfolgen (Strg+2)</translation>
    </message>
    <message>
        <source>Inspect</source>
        <translation>Untersuchen</translation>
    </message>
    <message>
        <source>Explore</source>
        <translation>Erkunden</translation>
    </message>
    <message>
        <source>A trained run&apos;s trees, regions and caption lab side by side, linked through the selection (Ctrl+3)</source>
        <translation>Bäume, Regionen und Beschreibungslabor eines trainierten Laufs nebeneinander, über die Auswahl verknüpft (Strg+3)</translation>
    </message>
    <message>
        <source>The map of the joint space, the ranked lists and where the run fails (Ctrl+4)</source>
        <translation>Die Karte des gemeinsamen Raums, die Ranglisten und wo der Lauf versagt (Strg+4)</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Groundscope workbench</source>
        <translation>Groundscope-Werkbank</translation>
    </message>
    <message>
        <source>Run the demo through every panel, save screenshots into DIR and quit.</source>
        <translation>Die Demo durch jede Ansicht laufen lassen, Bildschirmfotos in DIR speichern und beenden.</translation>
    </message>
    <message>
        <source>The model the screenshot tour trains (default: dtrnn).</source>
        <translation>Das Modell, das die Bildschirmfoto-Tour trainiert (Standard: dtrnn).</translation>
    </message>
    <message>
        <source>The Map&apos;s method in the screenshot tour: tsne, umap or pca (default: tsne).</source>
        <translation>Die Methode der Karte in der Bildschirmfoto-Tour: tsne, umap oder pca (Standard: tsne).</translation>
    </message>
    <message>
        <source>Print the Map&apos;s frame times at these item counts (e.g. 0,10000,100000) and quit (run offscreen; groundscope-cli bench map runs it).</source>
        <translation>Die Bildzeiten der Karte bei diesen Elementanzahlen ausgeben (z. B. 0,10000,100000) und beenden (läuft offscreen; groundscope-cli bench map führt es aus).</translation>
    </message>
    <message>
        <source>The look: system, light or dark (as View &gt; Theme; remembered).</source>
        <translation>Das Aussehen: system, light oder dark (wie Ansicht &gt; Farbschema; wird gemerkt).</translation>
    </message>
    <message>
        <source>Tour this trained run over its own dataset instead of training one on the demo.</source>
        <translation>Diesen trainierten Lauf über seinem eigenen Datensatz vorführen, statt einen auf der Demo zu trainieren.</translation>
    </message>
    <message>
        <source>The first sentence the screenshot tour types into the Caption lab.</source>
        <translation>Der erste Satz, den die Screenshot-Tour in das Beschreibungslabor tippt.</translation>
    </message>
    <message>
        <source>The second sentence the tour types into the Caption lab (e.g. the first with two words swapped).</source>
        <translation>Der zweite Satz, den die Tour in das Beschreibungslabor tippt (z. B. der erste mit zwei vertauschten Wörtern).</translation>
    </message>
    <message>
        <source>After the tour, compare the runs in this folder (seed groups, an epoch picked on the curves, the movers, two runs side by side) and save those screenshots too.</source>
        <translation>Nach der Tour die Läufe in diesem Ordner vergleichen (Startwert-Gruppen, eine in den Kurven gewählte Epoche, die Verschiebungen, zwei Läufe nebeneinander) und auch diese Bildschirmfotos speichern.</translation>
    </message>
    <message>
        <source>With --tour-run: score this gold set of phrase boxes (a file, or entities:DIR) in the Regions dock and show its first photo.</source>
        <translation>Mit --tour-run: dieses Goldset von Phrasenboxen (eine Datei oder entities:DIR) im Regionen-Dock bewerten und sein erstes Foto zeigen.</translation>
    </message>
    <message>
        <source>A run folder to open (with the dataset it was trained on), or a dataset folder or file.</source>
        <translation>Ein Lauf-Ordner zum Öffnen (mit dem Datensatz, auf dem er trainiert wurde), oder ein Datensatz-Ordner bzw. eine Datensatz-Datei.</translation>
    </message>
</context>
</TS>
