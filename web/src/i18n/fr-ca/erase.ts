import type { enErase } from '../en-erase';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Les mots de « Supprimer mon compte » (web/src/features/privacy/erase-account-page.tsx). */
export const frErase: Shape<typeof enErase> = {
  eraseAccount: {
    title: 'Supprimer mon compte',
    loading: 'Nous vérifions ce que la suppression de votre compte conserverait…',
    allGoes:
      'Votre compte et tout ce que nous détenons à votre sujet seront supprimés\u00a0: vos réponses, vos documents, les brouillons que vous tapiez, l’historique de votre demande et la fiche de notre équipe.',
    cannotUndo: 'Cette action est irréversible. Pour présenter une nouvelle demande, il faudrait tout recommencer.',
    emailsSent:
      'Les courriels que nous avons déjà envoyés à votre propre boîte de réception ne peuvent pas être rappelés\u00a0: c’est à vous de les y supprimer. Nous n’en gardons aucune copie.',
    submittedIntro:
      'Votre demande a été transmise à un prêteur. La loi oblige le prêteur à conserver certains dossiers pendant un temps; tout le reste sera supprimé.',
    keptTitle: 'Ce qui est conservé, et pourquoi',
    kept: {
      signedApplication: 'Votre demande signée',
      opportunity: 'Le dossier de demande reçu par le prêteur, avec les documents que vous avez envoyés',
      identity:
        'Votre identité et celle des propriétaires de l’entreprise (noms, dates de naissance, numéros d’identification fiscale, adresses)',
    },
    keptWhere:
      'Ils sont conservés dans notre stockage de documents, dans notre fichier clients (Salesforce) et, pour la demande signée, auprès du service de signature électronique qui a recueilli votre signature (Box).',
    whyUS:
      'Les prêteurs doivent conserver ces dossiers pendant {{years}} ans pour lutter contre le blanchiment d’argent et la fraude (Bank Secrecy Act, aux États-Unis).',
    whyCA:
      'Les prêteurs doivent conserver ces dossiers pendant {{years}} ans pour lutter contre le blanchiment d’argent et la fraude (Loi sur le recyclage des produits de la criminalité et le financement des activités terroristes).',
    until: 'Ils seront supprimés le {{date}}. Personne ne vous contactera plus au sujet de cette demande.',
    everythingElse:
      'Tout le reste est supprimé dès maintenant\u00a0: votre connexion, les brouillons que vous tapiez, l’historique de votre demande, votre connexion bancaire et vos offres.',
    password: 'Mot de passe',
    passwordHint: 'Entrez votre mot de passe pour confirmer qu’il s’agit bien de vous.',
    submit: 'Supprimer mon compte',
    deleting: 'Suppression…',
    doneTitle: 'Votre compte est en cours de suppression',
    done: 'Vous êtes déconnecté. La suppression se termine d’ici quelques minutes.',
    home: 'Aller à la page d’accueil',
  },
};
