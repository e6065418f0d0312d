// FAQ e pagine di contenuto in italiano.
import { COMPANY as C, type LocaleContent } from './types';

export const it: LocaleContent = {
  faq: [
    {
      title: 'Prenotare uno chef privato',
      entries: [
        {
          title: 'Come funziona la prenotazione di uno chef privato?',
          content: `1. **Cerca** la tua località o il tuo codice postale e scegli data, ora e numero di ospiti.
2. **Scegli un menu** tra gli chef disponibili quel giorno. Ogni menu mostra le portate, gli allergeni e il prezzo a persona.
3. **Prenota**: racconta allo chef l’occasione, la tua cucina ed eventuali esigenze alimentari. I menu a prenotazione immediata sono confermati con il pagamento; per le richieste lo chef accetta prima e poi paghi per confermare.
4. **Goditi la serata**: lo chef fa la spesa, cucina e serve a casa tua (oppure ti accoglie da lui) e lascia la cucina pulita.

Dopo l’evento puoi valutare lo chef e il menu.`,
        },
        {
          title: 'Che cosa è compreso nel prezzo?',
          content: `Il prezzo a persona comprende **ingredienti, preparazione, cucina il giorno dell’evento, servizio delle portate e pulizia della cucina**. È incluso anche lo spostamento all’interno della zona servita dallo chef.

Prima di pagare vedi il dettaglio completo: il prezzo del menu per il tuo gruppo più la nostra **commissione di servizio del 5 %**. Nessun costo nascosto. Le bevande sono incluse solo se il menu lo indica.`,
        },
        {
          title: 'Per quanti ospiti posso prenotare?',
          content: `Da **2 a 100 ospiti**, entro l’intervallo fissato dallo chef per ogni menu (ad esempio 4–12 ospiti). Molti menu costano meno a persona per i gruppi più numerosi, per esempio da 6 o da 12 ospiti; la pagina del menu mostra questi prezzi.

Se prevedi più di 10 ospiti, indica nel messaggio se lo chef deve portare personale o stoviglie supplementari.`,
        },
        {
          title: 'Qual è la differenza tra prenotazione immediata e richiesta di prenotazione?',
          content: `- **Prenotazione immediata**: lo chef ha aperto il menu alla prenotazione diretta. Paghi al momento della prenotazione, che è subito confermata.
- **Richiesta di prenotazione**: lo chef esamina prima la tua richiesta. Risponde al più tardi entro 48 ore (e comunque entro 24 ore prima dell’evento). Se accetta, hai 48 ore per pagare; solo allora la data è confermata.

Una richiesta rifiutata o senza risposta non ti viene mai addebitata.`,
        },
        {
          title: 'Lo chef può cucinare a casa sua?',
          content: `Sì, se il menu è offerto **presso lo chef**: cerca questa opzione nella ricerca o nella pagina del menu. Ricevi l’indirizzo quando la prenotazione è confermata. Altrimenti lo chef cucina **nella tua cucina**; una normale cucina domestica con forno e quattro fuochi basta per quasi tutti i menu.`,
        },
      ],
    },
    {
      title: 'Pagamento e cancellazione',
      entries: [
        {
          title: 'Quando mi viene addebitato l’importo?',
          content: `- Per i menu a **prenotazione immediata**, al momento della prenotazione.
- Per le **richieste di prenotazione**, solo dopo l’accettazione dello chef, quando completi il pagamento (entro 48 ore dall’accettazione).

L’addebito avviene una sola volta, per il totale mostrato prima del pagamento. Lo chef riceve il suo compenso 48 ore dopo l’evento.`,
        },
        {
          title: 'Quali metodi di pagamento posso usare?',
          content: `Accettiamo carte di credito e di debito (Visa, Mastercard, American Express), **Apple Pay** e **TWINT**. I pagamenti sono elaborati dal nostro partner Stripe; non vediamo né conserviamo mai il numero completo della tua carta.`,
        },
        {
          title: 'Quali sono le condizioni di cancellazione?',
          content: `Puoi cancellare una prenotazione confermata dalla sua pagina. Prima di confermare, la pagina mostra il rimborso esatto:

- fino a **14 giorni** prima dell’evento: **rimborso completo**
- fino a **72 ore** prima dell’evento: **rimborso del 50 %**
- meno di 72 ore prima dell’evento: nessun rimborso

Le richieste non ancora pagate si possono ritirare in qualsiasi momento, senza costi.`,
        },
        {
          title: 'Che cosa succede se lo chef cancella?',
          content: `Se uno chef cancella una prenotazione confermata, ricevi automaticamente il **rimborso completo**, commissione di servizio inclusa. Ti aiutiamo inoltre a trovare un altro chef disponibile per la tua data. Le cancellazioni vengono registrate nel profilo dello chef sulla piattaforma.`,
        },
        {
          title: 'In quale valuta pago?',
          content: `I menu sono indicati nella valuta dello chef: **CHF** per gli chef in Svizzera, **EUR** per gli chef in Germania. Puoi visualizzare i prezzi in CHF, EUR, USD o GBP (nel menu lingua e valuta), ma il pagamento avviene nella valuta dello chef. La tua banca può applicare un proprio tasso di cambio.`,
        },
      ],
    },
    {
      title: 'Diventare chef',
      entries: [
        {
          title: 'Chi può cucinare su YourLocalChef?',
          content: `Cuochi professionisti, catering e cuochi amatoriali esperti che amano ricevere. Devi essere maggiorenne, vivere in Svizzera o in Germania, avere un **certificato di igiene alimentare** e un’**assicurazione di responsabilità civile** che copra la cucina presso i clienti, e poter emettere fatture o lavorare come indipendente.`,
        },
        {
          title: 'Come funziona la candidatura?',
          content: `Vai su [Diventa chef](/become-a-chef) e completa i passaggi; puoi salvare e riprendere in qualsiasi momento:

1. dati personali e verifica del numero di cellulare
2. luogo, raggio di spostamento e regioni servite
3. profilo: biografia, foto, cucine, lingue ed esperienza
4. documenti: documento d’identità, certificato di igiene, assicurazione di responsabilità civile
5. il tuo primo menu
6. dati per i pagamenti (titolare del conto e IBAN)

Poi invia la candidatura. Di solito la esaminiamo entro tre giorni lavorativi e ti diciamo cosa manca.`,
        },
        {
          title: 'Quanto costa e come vengo pagato?',
          content: `L’iscrizione è gratuita. Tratteniamo una **commissione del 15 %** sull’importo del menu di ogni prenotazione svolta; i prezzi li stabilisci tu. I tuoi guadagni vengono sbloccati **48 ore dopo la fine dell’evento** (l’ora esatta è in ogni pagina della prenotazione, nel fuso orario dell’evento), a meno che il cliente non abbia segnalato un problema: allora attendono la decisione del nostro team e puoi rispondere nella pagina della prenotazione. I guadagni sbloccati vengono versati con bonifico bancario sull’IBAN indicato. Nella tua area chef vedi gli sblocchi in arrivo e tutti i pagamenti passati.`,
        },
        {
          title: 'Che cosa significano i badge PRO e Signature?',
          content: `- Gli chef **PRO** hanno una formazione professionale di cuoco o una lunga esperienza in ristoranti o nel catering.
- Gli chef **Signature** sono i nostri chef più eccezionali: valutazioni eccellenti e costanti e uno stile di cucina personale e raffinato.

Il nostro team assegna i badge dopo aver esaminato il percorso e le valutazioni dello chef.`,
        },
      ],
    },
    {
      title: 'Sicurezza e igiene',
      entries: [
        {
          title: 'Come vengono verificati gli chef?',
          content: `Prima che uno chef possa accettare prenotazioni, il nostro team controlla il suo **documento d’identità**, il **certificato di igiene alimentare** e l’**assicurazione di responsabilità civile**, e verifica il suo numero di telefono. Gli chef verificati mostrano nel profilo la data di verifica. Le valutazioni provengono solo da ospiti che hanno davvero prenotato e pagato.`,
        },
        {
          title: 'Come vengono gestite allergie ed esigenze alimentari?',
          content: `Ogni portata indica i suoi allergeni (i 14 allergeni da dichiarare secondo il diritto svizzero ed europeo) e puoi filtrare i menu per dieta ed escludere allergeni. Al momento della prenotazione indica diete e allergie **con il numero di ospiti interessati**; lo chef conferma di poterne tenere conto. In caso di dubbi, chiediglielo nei messaggi della prenotazione.`,
        },
        {
          title: 'Quali standard di igiene seguono gli chef?',
          content: `Gli chef applicano i principi delle buone pratiche igieniche (HACCP): rispettano la catena del freddo durante il trasporto, separano alimenti crudi e cotti, usano attrezzature pulite e lavorano con ingredienti freschi. Per saperne di più, visita la pagina [Sicurezza alimentare](/page/foodsafety).`,
        },
        {
          title: 'Che cosa fare se qualcosa va storto?',
          content: `Segnalalo nella pagina della tua prenotazione: dopo la cena mostra **Segnala un problema** fino a **48 ore dopo la fine dell’evento** (un evento dura quattro ore dall’inizio) e vi trovi la scadenza esatta nel fuso orario dell’evento. Scegli che cosa è andato storto, descrivilo e aggiungi fino a tre foto. Lo chef viene informato e può rispondere; il nostro team legge entrambe le parti e decide: nessun rimborso, un rimborso parziale o completo sul tuo mezzo di pagamento. Il compenso dello chef viene sbloccato solo alla fine di questo termine e, finché una segnalazione è aperta, attende la nostra decisione. Dopo il termine scrivici a ${C.email}.`,
        },
      ],
    },
  ],
  pages: {
    contact: {
      title: 'Contatto',
      content: `## Siamo qui per aiutarti

Per domande su una prenotazione, scrivici dalla pagina della prenotazione nel tuo account: così abbiamo subito tutti i dettagli.

- **Clienti e domande generali:** ${C.email}
- **Chef e candidature:** ${C.chefsEmail}
- **Protezione dei dati:** ${C.privacyEmail}
- **Stampa e partnership:** ${C.pressEmail}

Rispondiamo nei giorni lavorativi entro 24 ore, spesso molto prima.

## Indirizzo

${C.name}
${C.street}
${C.zipCity}
Svizzera

Molte risposte si trovano già nelle nostre [domande frequenti](/help).`,
    },
    jobs: {
      title: 'Lavora con noi',
      content: `## Lavora con noi

Siamo un piccolo team a Zurigo che fa incontrare ottimi chef e i loro ospiti. Ci stanno a cuore il buon cibo, le persone che lo cucinano e un prodotto che funzioni e basta.

### Posizioni aperte

- **Sviluppatore/trice full-stack (80–100 %)**, Zurigo o da remoto in Svizzera: TypeScript, React, runtime edge.
- **Chef community manager (60–80 %)**, Zurigo: accompagni i nuovi chef nell’onboarding, esamini le candidature e li aiuti a crescere. L’esperienza in cucina è un grande vantaggio.

### Che cosa offriamo

Orari flessibili, voce in capitolo su ciò che costruiamo, un budget annuale per la formazione e cene di team regolari cucinate dagli chef della nostra community.

### Come candidarsi

Invia il tuo CV e qualche riga su di te a ${C.jobsEmail}. Niente lettere di presentazione standard: raccontaci piuttosto su cosa ti piacerebbe lavorare.

*Preferisci cucinare con noi? [Diventa chef](/become-a-chef).*`,
    },
    foodsafety: {
      title: 'Sicurezza alimentare',
      content: `## La sicurezza alimentare su YourLocalChef

Il buon cibo comincia dal cibo sicuro. Tutti gli chef della nostra piattaforma si impegnano a rispettare questi standard.

### Chef verificati

Prima di poter essere prenotati, gli chef presentano un documento d’identità, un **certificato di igiene alimentare** valido e un’**assicurazione di responsabilità civile**. Il nostro team controlla questi documenti; gli chef li mantengono aggiornati.

### Igiene nella tua cucina

- Gli chef lavorano secondo le buone pratiche igieniche e i principi HACCP.
- Gli ingredienti refrigerati e surgelati sono trasportati in borse frigo; la catena del freddo non viene interrotta.
- Alimenti crudi e cotti, carne, pesce e verdure sono preparati su taglieri separati.
- Gli chef indossano abiti da lavoro puliti, legano i capelli lunghi e si lavano spesso le mani.
- Gli avanzi vengono raffreddati rapidamente; lo chef ti dice per quanto tempo si conservano.

### Allergeni ed esigenze alimentari

Ogni portata dichiara i **14 allergeni** previsti dal diritto alimentare svizzero ed europeo: glutine, crostacei, uova, pesce, arachidi, soia, latte, frutta a guscio, sedano, senape, sesamo, solfiti, lupini e molluschi. Indica allergie e intolleranze al momento della prenotazione, con il numero di ospiti interessati. In una cucina privata uno chef può garantire l’assenza di tracce solo se lo conferma espressamente.

### Segnalare un problema

Se hai dubbi sull’igiene o sulla sicurezza alimentare, contattaci entro 48 ore dall’evento a ${C.email}. Prendiamo sul serio ogni segnalazione e possiamo sospendere uno chef durante le verifiche.`,
    },
    termsconditions: {
      title: 'Condizioni generali',
      content: `## Condizioni generali

*Versione del 1° gennaio 2025*

### 1. Campo d’applicazione

Le presenti condizioni disciplinano l’uso della piattaforma YourLocalChef, gestita da ${C.name}, ${C.street}, ${C.zipCity} («noi»), da parte di clienti e chef.

### 2. Il nostro ruolo

Gestiamo un marketplace. Il contratto per la prestazione culinaria è concluso **direttamente tra cliente e chef**. Non ne siamo parte, ma incassiamo il pagamento per conto dello chef e applichiamo le condizioni di cancellazione indicate sotto.

### 3. Account

Devi avere almeno 18 anni e fornire dati veritieri. Mantieni segreta la tua password; sei responsabile delle attività del tuo account. Possiamo sospendere gli account che violano queste condizioni.

### 4. Prenotazioni

Una prenotazione è vincolante quando è **confermata**: per la prenotazione immediata con il pagamento riuscito, per le richieste con il pagamento dopo l’accettazione dello chef. Se uno chef non risponde in tempo a una richiesta, o se il cliente non paga entro 48 ore dall’accettazione, la richiesta decade senza costi.

### 5. Prezzi e pagamento

I prezzi si intendono a persona nella valuta dello chef, compresi ingredienti, preparazione, servizio e pulizia. Il cliente paga una commissione di servizio del 5 % dell’importo del menu. Lo chef paga una commissione del 15 % dell’importo del menu. Fa fede il prezzo mostrato prima del pagamento.

### 6. Cancellazione

Il cliente può cancellare una prenotazione confermata: rimborso completo fino a 14 giorni prima dell’evento, 50 % fino a 72 ore prima, nessun rimborso in seguito. Se lo chef cancella, il cliente riceve il rimborso completo. Restano riservati i casi di forza maggiore.

### 7. Obblighi degli chef

Gli chef dispongono del certificato di igiene richiesto e di un’assicurazione di responsabilità civile, dichiarano in modo veritiero gli allergeni di ogni portata, rispettano il diritto alimentare e sono responsabili delle proprie imposte e dei contributi sociali.

### 8. Valutazioni

Solo i clienti di una prenotazione svolta possono valutarla, una volta ed entro 14 giorni. Le valutazioni devono essere oneste e prive di insulti; possiamo rimuovere quelle che violano questa regola. Lo chef può rispondere una volta.

### 9. Responsabilità

Nei limiti consentiti dalla legge rispondiamo solo per dolo e colpa grave. Lo chef risponde della prestazione culinaria e dei danni causati nel fornirla.

### 10. Modifiche

Possiamo modificare queste condizioni. Gli utenti registrati vengono informati in anticipo via e-mail; le prenotazioni già confermate restano soggette alla versione in vigore al momento della prenotazione.

### 11. Diritto applicabile e foro competente

Si applica il diritto svizzero. Il foro competente è Zurigo, fatti salvi i fori imperativi a tutela dei consumatori.`,
    },
    privacypolicy: {
      title: 'Informativa sulla privacy',
      content: `## Informativa sulla privacy

${C.name} («noi») è responsabile del trattamento dei dati personali su questa piattaforma. Trattiamo i dati secondo la legge federale svizzera sulla protezione dei dati (LPD) e, ove applicabile, il regolamento generale europeo sulla protezione dei dati (RGPD).

### Quali dati trattiamo

- **Dati dell’account:** nome, indirizzo e-mail, password (conservata solo come hash sicuro), impostazioni di lingua e valuta.
- **Dati delle prenotazioni:** data, indirizzo dell’evento, numero di ospiti, diete e allergie indicate, messaggi con lo chef.
- **Dati di pagamento:** trattati da Stripe; riceviamo solo lo stato del pagamento e le ultime cifre della carta.
- **Dati degli chef:** profilo, numero di telefono, luogo e zona servita, documenti inviati per la verifica, dati per i pagamenti (IBAN).
- **Dati tecnici:** indirizzo IP, informazioni su dispositivo e browser, cookie di sessione necessari per l’accesso.

### Perché li trattiamo

Per fornire la piattaforma e le tue prenotazioni, elaborare pagamenti e versamenti, verificare gli chef, prevenire frodi e abusi, inviare comunicazioni di servizio e, solo con il tuo consenso, la newsletter e analisi d’uso.

### Chi li riceve

Lo chef o il cliente di una prenotazione ricevono i dati necessari per svolgerla; i recapiti vengono condivisi solo dopo la conferma. Ci avvaliamo di responsabili del trattamento scelti con cura: hosting e distribuzione dei contenuti (Cloudflare), hosting del database, pagamenti (Stripe), invio di e-mail e SMS. Alcuni trattano dati fuori dalla Svizzera e dall’UE; ci basiamo su decisioni di adeguatezza o clausole contrattuali standard.

### Per quanto tempo li conserviamo

Finché esiste il tuo account e poi secondo gli obblighi di legge (documenti contabili: 10 anni). I documenti di verifica degli chef vengono cancellati 6 mesi dopo che lo chef ha lasciato la piattaforma.

### Cookie e analisi

Usiamo i cookie strettamente necessari per l’accesso. Le analisi sono attive solo se le accetti nel banner dei cookie; puoi cambiare la tua scelta in qualsiasi momento.

### I tuoi diritti

Puoi chiedere l’accesso ai tuoi dati, la loro rettifica o cancellazione, opporti al trattamento, revocare il consenso e ricevere i tuoi dati in un formato portabile. Scrivi a ${C.privacyEmail}. Puoi inoltre presentare reclamo all’Incaricato federale della protezione dei dati e della trasparenza (IFPDT) o alla tua autorità di controllo.`,
    },
    legalnotice: {
      title: 'Note legali',
      content: `## Note legali

**${C.name}**
${C.street}
${C.zipCity}
Svizzera

E-mail: ${C.email}

**Gerente:** ${C.director}
**Registro di commercio:** ${C.register}
**Numero d’identificazione delle imprese (IDI):** ${C.uid}
**Numero IVA:** ${C.uid} IVA

### Esclusione di responsabilità

Controlliamo con cura i contenuti di questo sito, ma non possiamo garantirne l’esattezza, la completezza e l’attualità. Gli chef sono responsabili dei propri profili e menu. I siti di terzi a cui rimandiamo sono di responsabilità dei rispettivi gestori.

### Diritto d’autore

Testi, immagini e grafiche di questo sito appartengono a ${C.name} o agli chef che li hanno forniti. Ogni utilizzo richiede un’autorizzazione scritta preventiva.`,
    },
    aboutus: {
      title: 'Chi siamo',
      content: `## Ottima cucina, servita alla tua tavola

YourLocalChef è nato a Zurigo da un’idea semplice: le serate più belle si passano a casa, e chef straordinari vivono proprio dietro l’angolo. Noi li facciamo incontrare.

### Che cosa facciamo

Ti mettiamo in contatto con chef indipendenti in Svizzera e in Germania che cucinano per il tuo compleanno, un anniversario, una riunione di famiglia o una cena rilassata con gli amici. Tu scegli un menu; lo chef fa la spesa, cucina, serve e riordina, e tu ti godi la tua festa.

### In che cosa crediamo

- **Prima gli chef.** Gli chef decidono menu e prezzi e trattengono l’85 % dell’importo di ogni menu. Li paghiamo in modo affidabile, 48 ore dopo ogni evento.
- **Trasparenza.** Prezzi, commissioni, allergeni e condizioni di cancellazione sono chiari prima del pagamento.
- **Fiducia.** Ogni chef è verificato e ogni valutazione proviene da una prenotazione reale.
- **Locale.** Prodotti di stagione, fornitori regionali e filiera corta.

### Il team

Siamo un piccolo team di appassionati di cucina, ingegneri ed ex professionisti della ristorazione con sede a Zurigo. Scrivici a ${C.email}, oppure [diventa chef](/become-a-chef) anche tu.`,
    },
  },
};
