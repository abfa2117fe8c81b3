import { SupportPhoneLink, type LegalText } from './legal-page';
import { legalHref } from './legal-links';

// The French version of the privacy policy: a document, kept whole in its language (as the English one).
export const PRIVACY_FR: LegalText = {
  title: 'Politique de confidentialité',
  intro:
    'Fundwise exploite ce portail, où les propriétaires de petites entreprises des États-Unis et du Canada demandent du financement d’entreprise. Cette page explique ce que nous recueillons lorsque vous faites une demande, pourquoi, qui y a accès et comment nous le protégeons.',
  sections: [
    {
      heading: 'Ce que nous recueillons',
      body: (
        <ul>
          <li>
            <strong>À votre sujet :</strong> votre nom, votre adresse courriel, votre numéro de téléphone et le mot de
            passe que vous choisissez. Nous ne gardons qu’une empreinte à sens unique du mot de passe, jamais le mot de
            passe lui-même.
          </li>
          <li>
            <strong>Au sujet de votre entreprise :</strong> sa dénomination sociale et son nom commercial, sa forme
            juridique, son EIN ou numéro d’entreprise, sa date de début, son secteur, son nombre d’employés, son
            adresse, son téléphone et son site Web, ses revenus annuels, son solde quotidien moyen et ses prêts en
            cours, si elle accepte les cartes de crédit, et le montant de financement que vous voulez et son usage.
          </li>
          <li>
            <strong>Au sujet de chaque propriétaire :</strong> nom, adresse du domicile, courriel, téléphone, date de
            naissance, numéro de sécurité sociale ou d’assurance sociale, part de propriété, pointage de crédit estimé
            et citoyenneté américaine.
          </li>
          <li>
            <strong>Documents :</strong> les relevés bancaires de l’entreprise, le chèque annulé et le permis de
            conduire que vous téléversez, et la demande que vous signez électroniquement.
          </li>
          <li>
            <strong>Votre utilisation du portail :</strong> l’étape où vous êtes rendu, et l’adresse IP de chaque
            requête, qui nous sert à limiter les tentatives de deviner le mot de passe de votre compte.
          </li>
        </ul>
      ),
    },
    {
      heading: 'Pourquoi nous en avons besoin',
      body: (
        <ul>
          <li>
            Pour décider si nous pouvons offrir du financement à votre entreprise, et établir les montants et les
            conditions offerts.
          </li>
          <li>Pour confirmer qui sont les propriétaires et que l’entreprise est réelle, et pour prévenir la fraude.</li>
          <li>
            Pour configurer le compte où le financement est versé et d’où les paiements sont prélevés (le chèque
            annulé).
          </li>
          <li>
            Pour vous envoyer vos codes de connexion et le résumé de votre offre, et pour que votre spécialiste du
            financement puisse communiquer avec vous.
          </li>
          <li>Pour protéger votre compte, et pour respecter les obligations de conservation des prêteurs.</li>
        </ul>
      ),
    },
    {
      heading: 'Avec qui nous les partageons',
      body: (
        <>
          <p>
            Des fournisseurs qui travaillent pour nous et ne traitent vos renseignements que pour ce travail : notre
            système de gestion de la relation client, où notre équipe de financement examine les demandes; les services
            de signature électronique et de documents; le stockage sécurisé des documents; notre fournisseur de
            courriel; l’outil de prise de rendez-vous; et la recherche d’adresse qui suggère des adresses pendant la
            saisie.
          </p>
          <p>
            En signant la demande, vous nous autorisez, ainsi que nos partenaires de financement, à obtenir des rapports
            de crédit commerciaux et personnels et à vérifier les renseignements fournis. Si un partenaire vous a dirigé
            vers nous, nous enregistrons son code de référence avec votre demande. Nous communiquons aussi des
            renseignements lorsque la loi l’exige.
          </p>
          <p>
            Si vous suivez un lien vers un prêteur partenaire, ce que vous lui donnez est régi par sa propre politique
            de confidentialité, et non par celle-ci.
          </p>
        </>
      ),
    },
    {
      heading: 'Comment nous les protégeons',
      body: (
        <p>
          Vos renseignements circulent chiffrés entre votre navigateur et nous. Les numéros de sécurité sociale et
          d’assurance sociale, les numéros d’identification fiscale et les dates de naissance sont aussi chiffrés dans
          notre base de données, et le portail ne les réaffiche que masqués, avec les quatre derniers chiffres
          seulement. Dans le portail, chaque demande n’est visible que par le compte qui l’a créée.
        </p>
      ),
    },
    {
      heading: 'Témoins et stockage du navigateur',
      body: (
        <p>
          Nous utilisons des témoins pour vous garder connecté et pour protéger nos formulaires contre les requêtes
          envoyées par d’autres sites. Si vous arrivez par le lien de référence d’un partenaire, un témoin s’en souvient
          pendant 12 heures. Votre navigateur garde aussi votre adresse courriel, le montant demandé et la langue
          choisie, pour remplir les formulaires à votre place. Nous n’utilisons pas de témoins publicitaires. L’outil de
          prise de rendez-vous et le module d’avis viennent de leurs fournisseurs, qui peuvent déposer leurs propres
          témoins.
        </p>
      ),
    },
    {
      heading: 'Combien de temps nous les gardons',
      body: (
        <p>
          Nous gardons votre demande et vos documents tant que nous en avons besoin pour examiner et gérer votre
          financement, et aussi longtemps que la loi oblige les prêteurs à conserver leurs dossiers.
        </p>
      ),
    },
    {
      heading: 'Vos choix',
      body: (
        <p>
          Vous pouvez demander à voir les renseignements que nous détenons à votre sujet, à les corriger ou à les faire
          supprimer lorsque la loi le permet, en nous appelant au <SupportPhoneLink />. Vous n’êtes pas tenu de nous
          donner ces renseignements, mais nous ne pouvons pas évaluer une demande sans eux.
        </p>
      ),
    },
  ],
  footer: (
    <>
      Voir aussi nos{' '}
      <a href={legalHref('termsOfUse')} target="_blank" rel="noreferrer">
        conditions d’utilisation
      </a>
      .
    </>
  ),
};
