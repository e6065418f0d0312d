// FAQ et pages de contenu en français.
import { COMPANY as C, type LocaleContent } from './types';

export const fr: LocaleContent = {
  faq: [
    {
      title: 'Réserver un chef à domicile',
      entries: [
        {
          title: 'Comment se passe la réservation d’un chef à domicile ?',
          content: `1. **Recherchez** votre localité ou votre code postal et choisissez la date, l’heure et le nombre de convives.
2. **Choisissez un menu** parmi les chefs disponibles ce jour-là. Chaque menu indique ses plats, ses allergènes et le prix par personne.
3. **Réservez** : parlez au chef de l’occasion, de votre cuisine et des besoins alimentaires particuliers. Les menus en réservation instantanée sont confirmés dès le paiement ; pour les demandes, le chef accepte d’abord, puis vous payez pour confirmer.
4. **Profitez** : le chef fait les courses, cuisine et sert chez vous (ou vous reçoit chez lui) et laisse la cuisine propre.

Après l’événement, vous pouvez évaluer le chef et le menu.`,
        },
        {
          title: 'Qu’est-ce qui est compris dans le prix ?',
          content: `Le prix par personne comprend **les ingrédients, la préparation, la cuisine le jour même, le service des plats et le nettoyage de la cuisine**. Le déplacement dans la zone d’intervention du chef est également inclus.

Avant de payer, vous voyez le détail complet : le prix du menu pour votre groupe plus nos **frais de service de 5 %**. Aucun supplément caché. Les boissons ne sont comprises que si le menu le précise.`,
        },
        {
          title: 'Pour combien de convives puis-je réserver ?',
          content: `De **2 à 100 convives**, dans la fourchette fixée par le chef pour chaque menu (par exemple 4 à 12 personnes). De nombreux menus deviennent moins chers par personne pour les grands groupes, par exemple dès 6 ou dès 12 convives ; la page du menu affiche ces prix.

Au-delà de 10 convives, précisez dans votre message si le chef doit prévoir du personnel ou de la vaisselle supplémentaires.`,
        },
        {
          title: 'Quelle est la différence entre réservation instantanée et demande de réservation ?',
          content: `- **Réservation instantanée** : le chef a ouvert le menu à la réservation directe. Vous payez lors de la réservation, qui est aussitôt confirmée.
- **Demande de réservation** : le chef examine d’abord votre demande. Il répond au plus tard dans les 48 heures (et au plus tard 24 heures avant l’événement). S’il accepte, vous disposez de 48 heures pour payer ; la date n’est confirmée qu’à ce moment-là.

Une demande refusée ou restée sans réponse ne vous est jamais facturée.`,
        },
        {
          title: 'Le chef peut-il cuisiner chez lui ?',
          content: `Oui, si le menu est proposé **chez le chef** : cherchez cette option lors de la recherche ou sur la page du menu. Vous recevez l’adresse une fois la réservation confirmée. Sinon, le chef cuisine **dans votre cuisine** ; une cuisine ordinaire avec un four et quatre plaques suffit pour presque tous les menus.`,
        },
      ],
    },
    {
      title: 'Paiement et annulation',
      entries: [
        {
          title: 'Quand suis-je débité ?',
          content: `- Pour les menus en **réservation instantanée**, au moment de la réservation.
- Pour les **demandes de réservation**, seulement après l’acceptation du chef, lorsque vous finalisez le paiement (dans les 48 heures suivant l’acceptation).

Vous êtes débité une seule fois du montant total affiché avant le paiement. Le chef reçoit sa rémunération 48 heures après l’événement.`,
        },
        {
          title: 'Quels moyens de paiement puis-je utiliser ?',
          content: `Nous acceptons les cartes de crédit et de débit (Visa, Mastercard, American Express), **Apple Pay** et **TWINT**. Les paiements sont traités par notre partenaire Stripe ; nous ne voyons ni ne conservons jamais votre numéro de carte complet.`,
        },
        {
          title: 'Quelles sont les conditions d’annulation ?',
          content: `Vous pouvez annuler une réservation confirmée depuis sa page. Avant de confirmer, la page indique le remboursement exact :

- jusqu’à **14 jours** avant l’événement : **remboursement intégral**
- jusqu’à **72 heures** avant l’événement : **remboursement de 50 %**
- moins de 72 heures avant l’événement : aucun remboursement

Les demandes non encore payées peuvent être retirées à tout moment, sans frais.`,
        },
        {
          title: 'Que se passe-t-il si le chef annule ?',
          content: `Si un chef annule une réservation confirmée, vous êtes **intégralement remboursé** automatiquement, frais de service compris. Nous vous aidons aussi à trouver un autre chef disponible à votre date. Les annulations sont prises en compte dans le dossier du chef sur la plateforme.`,
        },
        {
          title: 'Dans quelle devise dois-je payer ?',
          content: `Les menus sont affichés dans la devise du chef : **CHF** pour les chefs en Suisse, **EUR** pour les chefs en Allemagne. Vous pouvez afficher les prix en CHF, EUR, USD ou GBP (menu langue et devise), mais le paiement se fait dans la devise du chef. Votre banque peut appliquer son propre taux de change.`,
        },
      ],
    },
    {
      title: 'Devenir chef',
      entries: [
        {
          title: 'Qui peut cuisiner sur YourLocalChef ?',
          content: `Les cuisiniers professionnels, les traiteurs et les cuisiniers amateurs expérimentés qui aiment recevoir. Vous devez être majeur, vivre en Suisse ou en Allemagne, posséder un **certificat d’hygiène alimentaire** et une **assurance responsabilité civile** couvrant la cuisine chez les clients, et pouvoir facturer ou exercer en tant qu’indépendant.`,
        },
        {
          title: 'Comment se déroule la candidature ?',
          content: `Rendez-vous sur [Devenir chef](/become-a-chef) et suivez les étapes ; vous pouvez enregistrer et reprendre à tout moment :

1. données personnelles et vérification du numéro de mobile
2. lieu, rayon de déplacement et régions desservies
3. profil : présentation, photo, cuisines, langues et expérience
4. documents : pièce d’identité, certificat d’hygiène, assurance responsabilité civile
5. votre premier menu
6. coordonnées de versement (titulaire du compte et IBAN)

Soumettez ensuite votre candidature. Nous l’examinons en général sous trois jours ouvrables et vous indiquons ce qu’il faut compléter.`,
        },
        {
          title: 'Combien cela coûte-t-il et comment suis-je payé ?',
          content: `L’inscription est gratuite. Nous prélevons une **commission de 15 %** sur le montant du menu de chaque réservation réalisée ; vous fixez vos prix vous-même. Vos gains sont débloqués **48 heures après la fin de l’événement** (l’heure exacte figure sur chaque page de réservation, dans le fuseau horaire de l’événement), sauf si le client a signalé un problème : ils attendent alors la décision de notre équipe, et vous pouvez répondre sur la page de la réservation. Les gains débloqués sont versés par virement bancaire sur l’IBAN indiqué. Votre espace chef affiche les déblocages à venir et tous les versements passés.`,
        },
        {
          title: 'Que signifient les badges PRO et Signature ?',
          content: `- Les chefs **PRO** ont une formation professionnelle de cuisinier ou une longue expérience en restauration ou chez un traiteur.
- Les chefs **Signature** sont nos chefs les plus remarquables : des évaluations excellentes de manière constante et un style culinaire personnel et raffiné.

Notre équipe attribue les badges après avoir examiné le parcours et les évaluations du chef.`,
        },
      ],
    },
    {
      title: 'Sécurité et hygiène',
      entries: [
        {
          title: 'Comment les chefs sont-ils vérifiés ?',
          content: `Avant qu’un chef puisse accepter des réservations, notre équipe contrôle sa **pièce d’identité**, son **certificat d’hygiène alimentaire** et son **assurance responsabilité civile**, et vérifie son numéro de téléphone. Les chefs vérifiés affichent la date de vérification sur leur profil. Les évaluations proviennent uniquement de clients ayant réellement réservé et payé.`,
        },
        {
          title: 'Comment les allergies et les régimes sont-ils pris en compte ?',
          content: `Chaque plat indique ses allergènes (les 14 allergènes à déclarer selon le droit suisse et européen), et vous pouvez filtrer les menus par régime et exclure des allergènes. Lors de la réservation, indiquez les régimes et allergies **avec le nombre de convives concernés** ; le chef confirme qu’il peut en tenir compte. En cas de doute, posez-lui la question dans la messagerie de la réservation.`,
        },
        {
          title: 'Quelles normes d’hygiène les chefs respectent-ils ?',
          content: `Les chefs appliquent les principes des bonnes pratiques d’hygiène (HACCP) : ils respectent la chaîne du froid pendant le transport, séparent aliments crus et cuits, utilisent du matériel propre et travaillent avec des produits frais. Pour en savoir plus, consultez notre page [Sécurité alimentaire](/page/foodsafety).`,
        },
        {
          title: 'Que faire si quelque chose ne va pas ?',
          content: `Signalez-le sur la page de votre réservation : après le dîner, elle affiche **Signaler un problème** jusqu’à **48 heures après la fin de l’événement** (un événement dure quatre heures à partir de son début), et l’échéance exacte y figure dans le fuseau horaire de l’événement. Choisissez ce qui n’a pas été, décrivez-le et ajoutez jusqu’à trois photos. Le chef est informé et peut répondre ; notre équipe lit les deux parties et décide : pas de remboursement, un remboursement partiel ou complet sur votre moyen de paiement. La rémunération du chef n’est débloquée qu’à la fin de ce délai et, tant qu’un signalement est ouvert, elle attend notre décision. Après ce délai, écrivez-nous à ${C.email}.`,
        },
      ],
    },
  ],
  pages: {
    contact: {
      title: 'Contact',
      content: `## Nous sommes là pour vous aider

Pour toute question sur une réservation, écrivez-nous depuis la page de la réservation dans votre compte : nous aurons ainsi tous les détails sous la main.

- **Clients et questions générales :** ${C.email}
- **Chefs et candidatures :** ${C.chefsEmail}
- **Protection des données :** ${C.privacyEmail}
- **Presse et partenariats :** ${C.pressEmail}

Nous répondons les jours ouvrables dans les 24 heures, souvent bien plus vite.

## Adresse

${C.name}
${C.street}
${C.zipCity}
Suisse

Vous trouverez déjà de nombreuses réponses dans notre [FAQ](/help).`,
    },
    jobs: {
      title: 'Emplois',
      content: `## Travaillez avec nous

Nous sommes une petite équipe basée à Zurich qui réunit d’excellents chefs et leurs convives. Nous aimons la bonne cuisine, les personnes qui la préparent et les produits qui fonctionnent, tout simplement.

### Postes ouverts

- **Développeur·euse full-stack (80–100 %)**, Zurich ou en télétravail depuis la Suisse : TypeScript, React, environnements edge.
- **Chef community manager (60–80 %)**, Zurich : vous accompagnez les nouveaux chefs, examinez les candidatures et les aidez à se développer. Une expérience en cuisine est un grand atout.

### Ce que nous offrons

Des horaires flexibles, une vraie voix dans nos choix, un budget annuel de formation et des repas d’équipe réguliers cuisinés par les chefs de notre communauté.

### Postuler

Envoyez votre CV et quelques lignes sur vous à ${C.jobsEmail}. Pas de lettre de motivation type : dites-nous plutôt sur quoi vous aimeriez travailler.

*Vous préférez cuisiner avec nous ? [Devenez chef](/become-a-chef).*`,
    },
    foodsafety: {
      title: 'Sécurité alimentaire',
      content: `## La sécurité alimentaire chez YourLocalChef

Une bonne cuisine commence par une cuisine sûre. Tous les chefs de notre plateforme s’engagent à respecter ces règles.

### Des chefs vérifiés

Avant de pouvoir être réservés, les chefs fournissent une pièce d’identité, un **certificat d’hygiène alimentaire** valable et une **assurance responsabilité civile**. Notre équipe contrôle ces documents ; les chefs les maintiennent à jour.

### L’hygiène dans votre cuisine

- Les chefs travaillent selon les bonnes pratiques d’hygiène et les principes HACCP.
- Les produits frais et surgelés sont transportés dans des glacières ; la chaîne du froid n’est pas interrompue.
- Aliments crus et cuits, viande, poisson et légumes sont préparés sur des planches séparées.
- Les chefs portent une tenue propre, attachent les cheveux longs et se lavent les mains régulièrement.
- Les restes sont refroidis rapidement ; le chef vous indique combien de temps ils se conservent.

### Allergènes et régimes

Chaque plat déclare les **14 allergènes** définis par le droit alimentaire suisse et européen : gluten, crustacés, œufs, poisson, arachides, soja, lait, fruits à coque, céleri, moutarde, sésame, sulfites, lupin et mollusques. Indiquez les allergies et intolérances lors de la réservation, avec le nombre de convives concernés. Dans une cuisine privée, un chef ne peut garantir l’absence de traces que s’il le confirme expressément.

### Signaler un problème

Si vous avez un doute concernant l’hygiène ou la sécurité alimentaire, contactez-nous dans les 48 heures suivant l’événement à ${C.email}. Nous prenons chaque signalement au sérieux et pouvons suspendre un chef pendant notre enquête.`,
    },
    termsconditions: {
      title: 'Conditions générales',
      content: `## Conditions générales

*Version du 1er janvier 2025*

### 1. Champ d’application

Les présentes conditions régissent l’utilisation de la plateforme YourLocalChef, exploitée par ${C.name}, ${C.street}, ${C.zipCity} (« nous »), par les clients et les chefs.

### 2. Notre rôle

Nous exploitons une place de marché. Le contrat portant sur la prestation culinaire est conclu **directement entre le client et le chef**. Nous n’y sommes pas partie, mais nous encaissons le paiement pour le compte du chef et appliquons les conditions d’annulation ci-dessous.

### 3. Compte utilisateur

Vous devez avoir au moins 18 ans et fournir des informations exactes. Gardez votre mot de passe confidentiel ; vous êtes responsable de l’activité de votre compte. Nous pouvons suspendre les comptes qui enfreignent ces conditions.

### 4. Réservations

Une réservation est ferme dès qu’elle est **confirmée** : pour la réservation instantanée lorsque le paiement aboutit, pour les demandes lorsque le client paie après l’acceptation du chef. Si un chef ne répond pas à temps à une demande, ou si le client ne paie pas dans les 48 heures suivant l’acceptation, la demande expire sans frais.

### 5. Prix et paiement

Les prix s’entendent par personne dans la devise du chef, ingrédients, préparation, service et nettoyage compris. Le client paie des frais de service de 5 % du montant du menu. Le chef paie une commission de 15 % du montant du menu. Le prix affiché avant le paiement fait foi.

### 6. Annulation

Le client peut annuler une réservation confirmée : remboursement intégral jusqu’à 14 jours avant l’événement, 50 % jusqu’à 72 heures avant, aucun remboursement ensuite. Si le chef annule, le client est intégralement remboursé. Les cas de force majeure sont réservés.

### 7. Obligations des chefs

Les chefs disposent du certificat d’hygiène requis et d’une assurance responsabilité civile, déclarent fidèlement les allergènes de chaque plat, respectent le droit alimentaire et s’acquittent eux-mêmes de leurs impôts et cotisations sociales.

### 8. Évaluations

Seuls les clients d’une réservation réalisée peuvent l’évaluer, une fois et dans les 14 jours. Les évaluations doivent être honnêtes et exemptes d’insultes ; nous pouvons supprimer celles qui enfreignent cette règle. Le chef peut répondre une fois.

### 9. Responsabilité

Dans la mesure permise par la loi, nous ne répondons que du dol et de la faute grave. Le chef répond de la prestation culinaire et des dommages causés lors de son exécution.

### 10. Modifications

Nous pouvons modifier ces conditions. Les utilisateurs inscrits sont informés à l’avance par e-mail ; les réservations déjà confirmées restent soumises à la version en vigueur au moment de la réservation.

### 11. Droit applicable et for

Le droit suisse est applicable. Le for est à Zurich, sous réserve des fors impératifs en faveur des consommateurs.`,
    },
    privacypolicy: {
      title: 'Politique de confidentialité',
      content: `## Politique de confidentialité

${C.name} (« nous ») est responsable du traitement des données personnelles sur cette plateforme. Nous traitons les données conformément à la loi fédérale suisse sur la protection des données (LPD) et, le cas échéant, au règlement général européen sur la protection des données (RGPD).

### Données traitées

- **Données de compte :** nom, adresse e-mail, mot de passe (conservé uniquement sous forme de hachage sécurisé), préférences de langue et de devise.
- **Données de réservation :** date, adresse de l’événement, nombre de convives, régimes et allergies que vous indiquez, messages échangés avec le chef.
- **Données de paiement :** traitées par Stripe ; nous ne recevons que le statut du paiement et les derniers chiffres de la carte.
- **Données des chefs :** profil, numéro de téléphone, lieu et zone d’intervention, documents fournis pour la vérification, coordonnées de versement (IBAN).
- **Données techniques :** adresse IP, informations sur l’appareil et le navigateur, cookies de session nécessaires à la connexion.

### Finalités

Fournir la plateforme et vos réservations, traiter les paiements et les versements, vérifier les chefs, prévenir la fraude et les abus, envoyer des messages de service et, uniquement avec votre consentement, la newsletter et des analyses d’utilisation.

### Destinataires

Le chef ou le client d’une réservation reçoit les données nécessaires à son exécution ; les coordonnées ne sont partagées qu’une fois la réservation confirmée. Nous faisons appel à des sous-traitants soigneusement sélectionnés : hébergement et diffusion de contenu (Cloudflare), hébergement de base de données, paiements (Stripe), envoi d’e-mails et de SMS. Certains traitent des données hors de Suisse et de l’UE ; nous nous appuyons sur des décisions d’adéquation ou des clauses contractuelles types.

### Durée de conservation

Aussi longtemps que votre compte existe, puis selon les obligations légales (pièces comptables : 10 ans). Les documents de vérification des chefs sont supprimés 6 mois après leur départ de la plateforme.

### Cookies et analyses

Nous utilisons les cookies strictement nécessaires à la connexion. Les analyses ne sont activées que si vous les acceptez dans la bannière de cookies ; vous pouvez modifier votre choix à tout moment.

### Vos droits

Vous pouvez demander l’accès à vos données, leur rectification ou leur effacement, vous opposer à un traitement, retirer votre consentement et recevoir vos données dans un format portable. Écrivez à ${C.privacyEmail}. Vous pouvez aussi déposer une plainte auprès du Préposé fédéral à la protection des données et à la transparence (PFPDT) ou de votre autorité de contrôle.`,
    },
    legalnotice: {
      title: 'Mentions légales',
      content: `## Mentions légales

**${C.name}**
${C.street}
${C.zipCity}
Suisse

E-mail : ${C.email}

**Gérante :** ${C.director}
**Registre du commerce :** ${C.register}
**Numéro d’identification des entreprises (IDE) :** ${C.uid}
**Numéro TVA :** ${C.uid} TVA

### Exclusion de responsabilité

Nous vérifions soigneusement le contenu de ce site, sans pouvoir garantir son exactitude, son exhaustivité ni son actualité. Les chefs sont responsables de leurs profils et de leurs menus. Les sites de tiers vers lesquels nous renvoyons relèvent de la responsabilité de leurs exploitants.

### Droits d’auteur

Les textes, images et graphismes de ce site appartiennent à ${C.name} ou aux chefs qui les ont fournis. Toute utilisation requiert une autorisation écrite préalable.`,
    },
    aboutus: {
      title: 'À propos',
      content: `## De la grande cuisine, servie à votre table

YourLocalChef est né à Zurich d’une idée simple : les plus belles soirées se passent à la maison, et d’excellents chefs vivent juste à côté. Nous les réunissons.

### Ce que nous faisons

Nous vous mettons en relation avec des chefs indépendants en Suisse et en Allemagne qui cuisinent pour votre anniversaire, une fête de famille, un jubilé ou un dîner détendu entre amis. Vous choisissez un menu ; le chef fait les courses, cuisine, sert et range, et vous profitez de votre propre fête.

### Nos convictions

- **Les chefs d’abord.** Les chefs fixent eux-mêmes leurs menus et leurs prix et conservent 85 % du montant de chaque menu. Nous les payons de manière fiable, 48 heures après chaque événement.
- **Transparence.** Prix, frais, allergènes et conditions d’annulation sont clairs avant le paiement.
- **Confiance.** Chaque chef est vérifié et chaque évaluation provient d’une vraie réservation.
- **Local.** Produits de saison, fournisseurs régionaux et circuits courts.

### L’équipe

Nous sommes une petite équipe de passionnés de cuisine, d’ingénieurs et d’anciens professionnels de la restauration installée à Zurich. Écrivez-nous à ${C.email}, ou [devenez chef](/become-a-chef) à votre tour.`,
    },
  },
};
