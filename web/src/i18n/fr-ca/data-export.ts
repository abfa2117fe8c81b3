/** "Download my data" (/my-data), in Canadian French. */
export const frDataExport = {
  dataExport: {
    title: 'Télécharger mes données',
    lead: 'Obtenez une copie de ce que vous nous avez transmis, en un seul fichier zip\u00a0: vos réponses, vos documents, votre demande, les courriels que nous vous avons envoyés et les étapes de votre demande avec leurs dates.',
    howItWorks:
      'Nous préparons le fichier en arrière-plan et vous envoyons un lien par courriel quand il est prêt. Le lien ne fonctionne que pour vous, une fois connecté, jusqu’à la date indiquée dans le courriel\u00a0; le fichier est ensuite supprimé.',
    sensitive:
      'Le fichier contient votre numéro d’assurance sociale ou de sécurité sociale complet, votre numéro d’entreprise ou EIN et votre date de naissance. Conservez-le en lieu sûr.',
    password: 'Mot de passe',
    passwordHint: 'Entrez votre mot de passe pour confirmer que c’est bien vous.',
    request: 'Préparer mes données',
    building: 'Nous préparons votre fichier. Nous vous enverrons un lien par courriel quand il sera prêt.',
    ready: 'Votre fichier est prêt. Vous pouvez le télécharger jusqu’au {{date}}.',
    download: 'Télécharger mes données (zip)',
  },
};
