// Deutsche FAQ und Inhaltsseiten (de; de-ch wird daraus abgeleitet, siehe text.ts).
import { COMPANY as C, type LocaleContent } from './types';

export const de: LocaleContent = {
  faq: [
    {
      title: 'Privatkoch buchen',
      entries: [
        {
          title: 'Wie funktioniert die Buchung eines Privatkochs?',
          content: `1. **Suchen:** Gib deinen Ort oder deine Postleitzahl ein und wähle Datum, Uhrzeit und Anzahl Gäste.
2. **Menü wählen:** Du siehst nur Menüs von Köchinnen und Köchen, die an diesem Tag verfügbar sind – mit allen Gängen, Allergenen und dem Preis pro Person.
3. **Buchen:** Erzähl dem Koch vom Anlass, deiner Küche und besonderen Ernährungswünschen. Sofort buchbare Menüs sind mit der Zahlung bestätigt; bei Anfragen nimmt der Koch zuerst an, danach bezahlst du.
4. **Genießen:** Der Koch kauft ein, kocht und serviert bei dir (oder empfängt dich bei sich) und hinterlässt die Küche sauber.

Nach dem Anlass kannst du Koch und Menü bewerten.`,
        },
        {
          title: 'Was ist im Preis inbegriffen?',
          content: `Der Preis pro Person umfasst **Zutaten, Vorbereitung, Kochen am Anlass, Servieren und das Aufräumen der Küche**. Die Anfahrt innerhalb des Einsatzgebiets des Kochs ist ebenfalls inbegriffen.

Vor dem Bezahlen siehst du die vollständige Aufstellung: den Menüpreis für deine Gruppe plus unsere **Servicegebühr von 5 %**. Es gibt keine versteckten Kosten. Getränke sind nur inbegriffen, wenn das Menü sie ausweist.`,
        },
        {
          title: 'Für wie viele Gäste kann ich buchen?',
          content: `Für **2 bis 100 Gäste**, innerhalb des Bereichs, den der Koch für das jeweilige Menü festlegt (zum Beispiel 4–12 Gäste). Viele Menüs werden für größere Gruppen pro Person günstiger, etwa ab 6 oder ab 12 Gästen; die Menüseite zeigt diese Preise.

Erwartest du mehr als 10 Gäste, schreib dem Koch, ob er zusätzliches Personal oder Geschirr mitbringen soll.`,
        },
        {
          title: 'Was ist der Unterschied zwischen Sofortbuchung und Buchungsanfrage?',
          content: `- **Sofortbuchung:** Der Koch hat das Menü für direkte Buchungen freigegeben. Du bezahlst beim Buchen und die Buchung ist sofort bestätigt.
- **Buchungsanfrage:** Der Koch prüft deine Anfrage zuerst. Er antwortet spätestens nach 48 Stunden (und spätestens 24 Stunden vor dem Anlass). Nimmt er an, hast du 48 Stunden Zeit zu bezahlen; erst dann ist der Termin bestätigt.

Für Anfragen, die der Koch ablehnt oder nicht beantwortet, wird dir nie etwas belastet.`,
        },
        {
          title: 'Kann der Koch auch bei sich zu Hause kochen?',
          content: `Ja, wenn das Menü **beim Koch** angeboten wird – achte bei der Suche oder auf der Menüseite auf diese Option. Die Adresse erhältst du, sobald die Buchung bestätigt ist. Sonst kocht der Koch **in deiner Küche**; eine normale Haushaltsküche mit Backofen und vier Kochstellen genügt für fast jedes Menü.`,
        },
      ],
    },
    {
      title: 'Bezahlung und Stornierung',
      entries: [
        {
          title: 'Wann wird mir der Betrag belastet?',
          content: `- Bei **sofort buchbaren** Menüs beim Buchen.
- Bei **Buchungsanfragen** erst, nachdem der Koch angenommen hat und du die Zahlung abschließt (innerhalb von 48 Stunden nach der Annahme).

Belastet wird einmal der Gesamtbetrag, den du vor dem Bezahlen siehst. Der Koch erhält seinen Verdienst 48 Stunden nach dem Anlass.`,
        },
        {
          title: 'Welche Zahlungsmittel kann ich verwenden?',
          content: `Wir akzeptieren Kredit- und Debitkarten (Visa, Mastercard, American Express), **Apple Pay** und **TWINT**. Die Zahlungen wickelt unser Zahlungspartner Stripe ab; deine vollständige Kartennummer sehen und speichern wir nie.`,
        },
        {
          title: 'Welche Stornierungsbedingungen gelten?',
          content: `Eine bestätigte Buchung kannst du auf der Buchungsseite stornieren. Bevor du bestätigst, siehst du die genaue Rückerstattung:

- bis **14 Tage** vor dem Anlass: **volle Rückerstattung**
- bis **72 Stunden** vor dem Anlass: **50 % Rückerstattung**
- weniger als 72 Stunden vor dem Anlass: keine Rückerstattung

Noch nicht bezahlte Anfragen kannst du jederzeit kostenlos zurückziehen.`,
        },
        {
          title: 'Was passiert, wenn der Koch absagt?',
          content: `Sagt ein Koch eine bestätigte Buchung ab, erhältst du automatisch den **vollen Betrag** zurück, inklusive Servicegebühr. Wir helfen dir außerdem, für dein Datum einen anderen verfügbaren Koch zu finden. Absagen werden im Profil des Kochs auf der Plattform vermerkt.`,
        },
        {
          title: 'In welcher Währung bezahle ich?',
          content: `Menüs sind in der Währung des Kochs angeschrieben: **CHF** bei Köchen in der Schweiz, **EUR** bei Köchen in Deutschland. Anzeigen lassen kannst du Preise in CHF, EUR, USD oder GBP (im Sprach- und Währungsmenü), bezahlt wird in der Währung des Kochs. Deine Bank wendet allenfalls ihren eigenen Wechselkurs an.`,
        },
      ],
    },
    {
      title: 'Koch werden',
      entries: [
        {
          title: 'Wer kann auf YourLocalChef kochen?',
          content: `Berufsköchinnen und -köche, Caterer und erfahrene Hobbyköche, die gerne Gastgeber sind. Du musst volljährig sein, in der Schweiz oder in Deutschland wohnen, ein **Hygienezertifikat** und eine **Haftpflichtversicherung** besitzen, die das Kochen bei Kunden abdeckt, und Rechnungen stellen bzw. selbständig tätig sein können.`,
        },
        {
          title: 'Wie läuft die Bewerbung ab?',
          content: `Geh auf [Koch werden](/become-a-chef) und arbeite die Schritte durch; du kannst jederzeit speichern und später weitermachen:

1. Personalien und Bestätigung deiner Handynummer
2. Standort, Anfahrtsradius und Einsatzgebiet
3. Profil: Bio, Foto, Küchen, Sprachen und Erfahrung
4. Dokumente: Ausweis, Hygienezertifikat, Haftpflichtversicherung
5. dein erstes Menü
6. Auszahlungsdaten (Kontoinhaber und IBAN)

Danach reichst du die Bewerbung ein. Wir prüfen sie in der Regel innerhalb von drei Arbeitstagen und sagen dir, was noch fehlt.`,
        },
        {
          title: 'Was kostet es und wie werde ich bezahlt?',
          content: `Die Anmeldung ist kostenlos. Von jeder durchgeführten Buchung behalten wir eine **Kommission von 15 %** des Menübetrags ein; deine Preise legst du selbst fest. Dein Verdienst wird **48 Stunden nach dem Ende des Anlasses** freigegeben (die genaue Zeit steht auf jeder Buchungsseite, in der Zeitzone des Anlasses), außer der Kunde hat ein Problem gemeldet: Dann wartet er auf den Entscheid unseres Teams, und du kannst auf der Buchungsseite antworten. Freigegebener Verdienst wird per Banküberweisung auf die IBAN in deinen Auszahlungsdaten überwiesen. In deinem Kochbereich siehst du anstehende Freigaben und alle bisherigen Auszahlungen.`,
        },
        {
          title: 'Was bedeuten die Abzeichen PRO und Signature?',
          content: `- **PRO**-Köche haben eine Berufsausbildung als Koch oder langjährige Erfahrung in Restaurants oder im Catering.
- **Signature**-Köche sind unsere herausragendsten Köche: durchwegs ausgezeichnete Bewertungen und ein eigenständiger, raffinierter Kochstil.

Unser Team vergibt die Abzeichen, nachdem es Werdegang und Bewertungen geprüft hat.`,
        },
      ],
    },
    {
      title: 'Sicherheit und Hygiene',
      entries: [
        {
          title: 'Wie werden die Köche überprüft?',
          content: `Bevor ein Koch Buchungen annehmen kann, prüft unser Team seinen **Ausweis**, sein **Hygienezertifikat** und seine **Haftpflichtversicherung** und bestätigt seine Telefonnummer. Verifizierte Köche zeigen im Profil, seit wann sie verifiziert sind. Bewertungen stammen nur von Gästen, die tatsächlich gebucht und bezahlt haben.`,
        },
        {
          title: 'Wie wird mit Allergien und Ernährungswünschen umgegangen?',
          content: `Jeder Gang weist seine Allergene aus (die 14 nach Schweizer und EU-Recht deklarationspflichtigen Allergene), und du kannst Menüs nach Ernährungsform filtern und Allergene ausschließen. Gib beim Buchen Ernährungsformen und Allergien **mit der Anzahl betroffener Gäste** an; der Koch bestätigt, dass er darauf eingehen kann. Im Zweifel frag ihn im Nachrichtenverlauf der Buchung.`,
        },
        {
          title: 'Welche Hygienestandards gelten?',
          content: `Die Köche arbeiten nach den Grundsätzen der guten Hygienepraxis (HACCP): Sie halten beim Transport die Kühlkette ein, trennen rohe und gegarte Lebensmittel, verwenden sauberes Material und arbeiten mit frischen Zutaten. Mehr dazu auf unserer Seite [Lebensmittelsicherheit](/page/foodsafety).`,
        },
        {
          title: 'Was tun, wenn etwas schiefgeht?',
          content: `Melde es auf deiner Buchungsseite: Nach dem Essen zeigt sie **Problem melden** bis **48 Stunden nach dem Ende des Anlasses** (ein Anlass dauert vier Stunden ab Beginn); die genaue Frist steht dort in der Zeitzone des Anlasses. Wähle, was schiefgelaufen ist, beschreibe es und füge bis zu drei Fotos hinzu. Der Koch wird informiert und kann antworten; unser Team liest beide Seiten und entscheidet: keine, eine teilweise oder die volle Rückerstattung auf dein Zahlungsmittel. Der Verdienst des Kochs wird erst freigegeben, wenn diese Frist abläuft, und wartet bei einer offenen Meldung auf unseren Entscheid. Nach der Frist schreib uns an ${C.email}.`,
        },
      ],
    },
  ],
  pages: {
    contact: {
      title: 'Kontakt',
      content: `## Wir helfen gerne

Bei Fragen zu einer Buchung schreib uns bitte direkt von der Buchungsseite in deinem Konto aus – so haben wir alle Angaben zur Hand.

- **Kundinnen, Kunden und allgemeine Fragen:** ${C.email}
- **Köche und Bewerbungen:** ${C.chefsEmail}
- **Datenschutz:** ${C.privacyEmail}
- **Medien und Partnerschaften:** ${C.pressEmail}

Wir antworten an Werktagen innerhalb von 24 Stunden, meist viel schneller.

## Adresse

${C.name}
${C.street}
${C.zipCity}
Schweiz

Viele Antworten findest du bereits in unseren [häufigen Fragen](/help).`,
    },
    jobs: {
      title: 'Jobs',
      content: `## Arbeite mit uns

Wir sind ein kleines Team in Zürich und bringen großartige Köche und ihre Gäste zusammen. Uns liegen gutes Essen, die Menschen, die es kochen, und ein Produkt, das einfach funktioniert, am Herzen.

### Offene Stellen

- **Full-Stack-Entwickler/in (80–100 %)**, Zürich oder remote in der Schweiz: TypeScript, React, Edge-Runtimes.
- **Chef Community Manager (60–80 %)**, Zürich: Du begleitest neue Köche beim Onboarding, prüfst Bewerbungen und hilfst ihnen zu wachsen. Erfahrung in der Küche ist ein großes Plus.

### Was wir bieten

Flexible Arbeitszeiten, echtes Mitspracherecht, ein jährliches Weiterbildungsbudget und regelmäßige Teamessen, gekocht von Köchen aus unserer Community.

### Bewerbung

Schick deinen Lebenslauf und ein paar Zeilen über dich an ${C.jobsEmail}. Bitte keine Motivationsschreiben nach Vorlage – erzähl uns, woran du gerne arbeiten würdest.

*Lieber mit uns kochen? [Koch werden](/become-a-chef).*`,
    },
    foodsafety: {
      title: 'Lebensmittelsicherheit',
      content: `## Lebensmittelsicherheit bei YourLocalChef

Gutes Essen beginnt mit sicherem Essen. Alle Köche auf unserer Plattform verpflichten sich zu diesen Standards.

### Verifizierte Köche

Bevor sie gebucht werden können, reichen Köche einen Ausweis, ein gültiges **Hygienezertifikat** und eine **Haftpflichtversicherung** ein. Unser Team prüft diese Dokumente; die Köche halten sie aktuell.

### Hygiene in deiner Küche

- Die Köche arbeiten nach den Grundsätzen der guten Hygienepraxis und nach HACCP.
- Gekühlte und tiefgekühlte Zutaten werden in Kühlboxen transportiert; die Kühlkette wird nicht unterbrochen.
- Rohe und gegarte Lebensmittel sowie Fleisch, Fisch und Gemüse werden auf getrennten Brettern zubereitet.
- Die Köche tragen saubere Arbeitskleidung, binden lange Haare zusammen und waschen sich regelmäßig die Hände.
- Reste werden rasch abgekühlt; der Koch sagt dir, wie lange sie haltbar sind.

### Allergene und Ernährungswünsche

Jeder Gang deklariert die **14 Allergene** gemäß Schweizer und EU-Lebensmittelrecht: Gluten, Krebstiere, Eier, Fisch, Erdnüsse, Soja, Milch, Schalenfrüchte, Sellerie, Senf, Sesam, Sulfite, Lupinen und Weichtiere. Gib Allergien und Unverträglichkeiten beim Buchen mit der Anzahl betroffener Gäste an. In einer Privatküche kann ein Koch Spurenfreiheit nur garantieren, wenn er dies ausdrücklich bestätigt.

### Ein Problem melden

Hast du Bedenken zu Hygiene oder Lebensmittelsicherheit, melde dich innerhalb von 48 Stunden nach dem Anlass bei ${C.email}. Wir nehmen jede Meldung ernst und können einen Koch während der Abklärung sperren.`,
    },
    termsconditions: {
      title: 'Allgemeine Geschäftsbedingungen',
      content: `## Allgemeine Geschäftsbedingungen (AGB)

*Fassung vom 1. Januar 2025*

### 1. Geltungsbereich

Diese AGB regeln die Nutzung der Plattform YourLocalChef, betrieben von der ${C.name}, ${C.street}, ${C.zipCity} („wir“), durch Kundinnen, Kunden und Köche.

### 2. Unsere Rolle

Wir betreiben einen Marktplatz. Der Vertrag über die kulinarische Leistung kommt **direkt zwischen Kunde und Koch** zustande. Wir sind nicht Vertragspartei, wickeln aber die Zahlung im Auftrag des Kochs ab und wenden die unten stehenden Stornierungsbedingungen an.

### 3. Benutzerkonto

Du musst mindestens 18 Jahre alt sein und wahrheitsgetreue Angaben machen. Halte dein Passwort geheim; du bist für die Aktivitäten in deinem Konto verantwortlich. Wir können Konten sperren, die gegen diese AGB verstoßen.

### 4. Buchungen

Eine Buchung ist verbindlich, sobald sie **bestätigt** ist: bei Sofortbuchungen mit erfolgreicher Zahlung, bei Anfragen mit der Zahlung nach Annahme durch den Koch. Beantwortet ein Koch eine Anfrage nicht rechtzeitig oder bezahlt der Kunde nicht innerhalb von 48 Stunden nach der Annahme, verfällt die Anfrage kostenlos.

### 5. Preise und Bezahlung

Preise verstehen sich pro Person in der Währung des Kochs, inklusive Zutaten, Zubereitung, Service und Reinigung. Kunden bezahlen eine Servicegebühr von 5 % des Menübetrags. Köche bezahlen eine Kommission von 15 % des Menübetrags. Maßgebend ist der vor dem Bezahlen angezeigte Preis.

### 6. Stornierung

Kunden können eine bestätigte Buchung stornieren: volle Rückerstattung bis 14 Tage vor dem Anlass, 50 % bis 72 Stunden davor, danach keine Rückerstattung. Sagt der Koch ab, erhält der Kunde den vollen Betrag zurück. Höhere Gewalt bleibt vorbehalten.

### 7. Pflichten der Köche

Köche verfügen über das erforderliche Hygienezertifikat und eine Haftpflichtversicherung, deklarieren die Allergene jedes Gangs wahrheitsgetreu, halten das Lebensmittelrecht ein und sind für ihre Steuern und Sozialversicherungsbeiträge selbst verantwortlich.

### 8. Bewertungen

Nur Kunden einer durchgeführten Buchung können diese einmal und innerhalb von 14 Tagen bewerten. Bewertungen müssen ehrlich und frei von Beleidigungen sein; wir können Bewertungen entfernen, die dagegen verstoßen. Köche können einmal antworten.

### 9. Haftung

Wir haften, soweit gesetzlich zulässig, nur für Vorsatz und grobe Fahrlässigkeit. Der Koch haftet für die kulinarische Leistung und für Schäden, die er dabei verursacht.

### 10. Änderungen

Wir können diese AGB ändern. Registrierte Nutzer informieren wir vorab per E-Mail; für bereits bestätigte Buchungen gilt die Fassung zum Zeitpunkt der Buchung.

### 11. Anwendbares Recht und Gerichtsstand

Es gilt Schweizer Recht. Gerichtsstand ist Zürich, unter Vorbehalt zwingender Gerichtsstände für Konsumenten.`,
    },
    privacypolicy: {
      title: 'Datenschutzerklärung',
      content: `## Datenschutzerklärung

Die ${C.name} („wir“) ist für die Bearbeitung von Personendaten auf dieser Plattform verantwortlich. Wir bearbeiten Daten gemäß dem Schweizer Datenschutzgesetz (DSG) und, soweit anwendbar, der EU-Datenschutz-Grundverordnung (DSGVO).

### Welche Daten wir bearbeiten

- **Kontodaten:** Name, E-Mail-Adresse, Passwort (nur als sicherer Hash gespeichert), Sprach- und Währungseinstellungen.
- **Buchungsdaten:** Datum, Adresse des Anlasses, Anzahl Gäste, von dir angegebene Ernährungswünsche und Allergien, Nachrichten mit dem Koch.
- **Zahlungsdaten:** werden von Stripe bearbeitet; wir erhalten nur den Zahlungsstatus und die letzten Ziffern der Karte.
- **Daten von Köchen:** Profil, Telefonnummer, Standort und Einsatzgebiet, zur Verifizierung eingereichte Dokumente, Auszahlungsdaten (IBAN).
- **Technische Daten:** IP-Adresse, Geräte- und Browserinformationen, Sitzungscookies, die für die Anmeldung nötig sind.

### Wozu wir sie bearbeiten

Um die Plattform und deine Buchungen bereitzustellen, Zahlungen und Auszahlungen abzuwickeln, Köche zu verifizieren, Betrug und Missbrauch zu verhindern, Servicemitteilungen zu senden und – nur mit deiner Einwilligung – für den Newsletter und Nutzungsanalysen.

### Wer sie erhält

Koch bzw. Kunde einer Buchung erhalten die Daten, die für deren Durchführung nötig sind; Kontaktdaten werden erst nach Bestätigung der Buchung sichtbar. Wir setzen sorgfältig ausgewählte Auftragsbearbeiter ein: Hosting und Content Delivery (Cloudflare), Datenbank-Hosting, Zahlungen (Stripe), E-Mail- und SMS-Versand. Einige davon bearbeiten Daten außerhalb der Schweiz und der EU; wir stützen uns auf Angemessenheitsbeschlüsse oder Standardvertragsklauseln.

### Wie lange wir sie aufbewahren

Solange dein Konto besteht und danach, soweit gesetzlich vorgeschrieben (Buchhaltungsunterlagen: 10 Jahre). Verifizierungsdokumente von Köchen löschen wir 6 Monate, nachdem der Koch die Plattform verlassen hat.

### Cookies und Analyse

Wir verwenden Cookies, die für die Anmeldung unbedingt nötig sind. Analysen laufen nur, wenn du sie im Cookie-Banner akzeptierst; deine Wahl kannst du jederzeit ändern.

### Deine Rechte

Du kannst Auskunft, Berichtigung oder Löschung deiner Daten verlangen, der Bearbeitung widersprechen, Einwilligungen widerrufen und deine Daten in einem übertragbaren Format erhalten. Schreib an ${C.privacyEmail}. Du kannst dich zudem beim Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB) oder deiner zuständigen Aufsichtsbehörde beschweren.`,
    },
    legalnotice: {
      title: 'Impressum',
      content: `## Impressum

**${C.name}**
${C.street}
${C.zipCity}
Schweiz

E-Mail: ${C.email}

**Geschäftsführerin:** ${C.director}
**Handelsregister:** ${C.register}
**Unternehmens-Identifikationsnummer (UID):** ${C.uid}
**MWST-Nummer:** ${C.uid} MWST

### Haftungsausschluss

Wir prüfen die Inhalte dieser Website sorgfältig, übernehmen aber keine Gewähr für Richtigkeit, Vollständigkeit und Aktualität. Für ihre Profile und Menüs sind die Köche verantwortlich. Für Inhalte verlinkter Websites Dritter sind wir nicht verantwortlich.

### Urheberrecht

Texte, Bilder und Grafiken dieser Website gehören der ${C.name} oder den Köchen, die sie bereitgestellt haben. Jede Verwendung bedarf der vorherigen schriftlichen Zustimmung.`,
    },
    aboutus: {
      title: 'Über uns',
      content: `## Großartiges Essen, gekocht an deinem Tisch

YourLocalChef ist in Zürich aus einer einfachen Idee entstanden: Die schönsten Abende finden zu Hause statt – und wunderbare Köche gibt es gleich um die Ecke. Wir bringen sie zusammen.

### Was wir tun

Wir vermitteln dir unabhängige Köche in der Schweiz und in Deutschland, die für deinen Geburtstag, ein Jubiläum, ein Familienfest oder ein entspanntes Abendessen mit Freunden kochen. Du wählst ein Menü, der Koch kauft ein, kocht, serviert und räumt auf – und du genießt dein eigenes Fest.

### Woran wir glauben

- **Köche zuerst.** Köche bestimmen Menüs und Preise selbst und behalten 85 % jedes Menübetrags. Wir zahlen zuverlässig, 48 Stunden nach jedem Anlass.
- **Transparenz.** Preise, Gebühren, Allergene und Stornierungsbedingungen sind klar, bevor du bezahlst.
- **Vertrauen.** Jeder Koch ist verifiziert, jede Bewertung stammt aus einer echten Buchung.
- **Lokal.** Saisonale Produkte, regionale Lieferanten und kurze Wege.

### Das Team

Wir sind ein kleines Team aus Food-Liebhabern, Entwicklern und ehemaligen Gastro-Profis mit Sitz in Zürich. Sag hallo unter ${C.email} – oder [werde selbst Koch](/become-a-chef).`,
    },
  },
};
