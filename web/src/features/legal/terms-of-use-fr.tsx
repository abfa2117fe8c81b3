import { SupportPhoneLink, type LegalText } from './legal-page';
import { legalHref } from './legal-links';

// The French version of the terms of use: a document, kept whole in its language (as the English one).
export const TERMS_FR: LegalText = {
  title: 'Conditions d’utilisation',
  intro:
    'Ces conditions s’appliquent lorsque vous utilisez le portail de demande Fundwise. En créant un compte, vous les acceptez.',
  sections: [
    {
      heading: 'Qui peut faire une demande',
      body: (
        <p>
          Le portail s’adresse aux propriétaires et aux dirigeants autorisés d’entreprises des États-Unis et du Canada.
          Ne faites une demande que pour une entreprise au nom de laquelle vous pouvez agir, et n’inscrivez que des
          propriétaires qui acceptent d’y figurer et de signer la demande.
        </p>
      ),
    },
    {
      heading: 'Des renseignements exacts',
      body: (
        <p>
          Donnez des réponses vraies et complètes, et ne téléversez que des documents authentiques. Nous nous y fions
          pour évaluer votre demande; des renseignements faux ou trompeurs y mettent fin et peuvent être illégaux.
        </p>
      ),
    },
    {
      heading: 'Votre compte',
      body: (
        <p>
          Gardez votre mot de passe pour vous. Vous êtes responsable de ce qui se fait au moyen de votre compte :
          dites-le nous tout de suite si vous croyez qu’une autre personne l’a utilisé.
        </p>
      ),
    },
    {
      heading: 'Une offre n’est pas encore un prêt',
      body: (
        <p>
          Les offres affichées dans le portail sont des estimations fondées sur ce que vous avez saisi. Elles ne sont
          pas un engagement à prêter. Le financement dépend de notre examen de votre demande, de vos documents et de
          votre crédit, et ses conditions définitives sont celles de la convention de financement que vous signez.
        </p>
      ),
    },
    {
      heading: 'Signature électronique et vérifications de crédit',
      body: (
        <p>
          Vous convenez que signer dans le portail constitue votre signature de la demande, avec le même effet qu’une
          signature sur papier. En signant, vous nous autorisez, ainsi que nos partenaires de financement, à obtenir des
          rapports de crédit commerciaux et personnels et à vérifier les renseignements fournis.
        </p>
      ),
    },
    {
      heading: 'Utilisation loyale',
      body: (
        <p>
          N’essayez pas d’accéder à la demande d’une autre personne, de contourner la sécurité du portail ou de le
          surcharger. Nous pouvons fermer un compte utilisé de cette façon.
        </p>
      ),
    },
    {
      heading: 'Autres services',
      body: (
        <p>
          Le portail renvoie à des services exploités par d’autres, comme l’outil de prise de rendez-vous et des
          prêteurs partenaires. Leurs propres conditions s’appliquent lorsque vous les utilisez.
        </p>
      ),
    },
    {
      heading: 'Modifications',
      body: (
        <p>
          Nous pouvons modifier le portail et ces conditions. La version de cette page est celle qui s’applique lorsque
          vous utilisez le portail.
        </p>
      ),
    },
  ],
  footer: (
    <>
      La façon dont nous traitons vos renseignements est décrite dans notre{' '}
      <a href={legalHref('privacyPolicy')} target="_blank" rel="noreferrer">
        politique de confidentialité
      </a>
      . Des questions? Appelez-nous au <SupportPhoneLink />.
    </>
  ),
};
