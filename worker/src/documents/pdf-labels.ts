/**
 * Every word of its own the application PDF writes (title, headings, row labels, the consent, the
 * signature lines), by key, in English and in Canadian French. The renderer and businessRows name a
 * label only by its key, so no label can be written in English to a French applicant by accident, and
 * PDF_LABELS_FR is typed against the English keys: a label added in English without its French does not
 * compile. The answers themselves come already written in the applicant's language (pdf-answers.ts);
 * names stay as typed. `{n}` in a label is the owner's number.
 */
export const PDF_LABELS_EN = {
  documentTitle: 'Business financing application',
  title: 'Business Financing Application',
  business: 'Business',
  legalBusinessName: 'Legal business name',
  dba: 'DBA',
  legalEntity: 'Legal entity',
  businessNumber: 'Business number (BN)',
  ein: 'EIN / Tax ID',
  businessStartDate: 'Business start date',
  industry: 'Industry',
  industryCode: 'NAICS',
  businessDescription: 'Business description',
  numberOfEmployees: 'Number of employees',
  amountRequested: 'Amount requested',
  annualRevenue: 'Annual revenue',
  useOfProceeds: 'Use of proceeds',
  productsInterestedIn: 'Products interested in',
  acceptsCreditCards: 'Accepts credit cards',
  hasRealEstate: 'Has real estate',
  openBusinessLoans: 'Open business loans',
  averageDailyBalance: 'Average daily balance',
  businessPhone: 'Business phone',
  website: 'Website',
  businessAddress: 'Business address',
  owner: 'Owner #{n}',
  primary: '(primary)',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  dateOfBirth: 'Date of birth',
  ssn: 'SSN',
  sin: 'SIN',
  ownership: 'Ownership',
  creditScore: 'Estimated credit score',
  homeAddress: 'Home address',
  authorization: 'Authorization',
  consent:
    'By signing below, each owner certifies that the information in this application is true and complete, ' +
    'and authorizes the lender and its partners to obtain business and personal credit reports and to verify ' +
    'the information provided.',
  signature: 'Signature:',
  date: 'Date',
} as const;

export type PdfLabelKey = keyof typeof PDF_LABELS_EN;
export type PdfLabels = Record<PdfLabelKey, string>;

/**
 * Straight apostrophes: the PDF's standard fonts are WinAnsi (the renderer would turn a curly one into
 * a straight one anyway). The industry code is named SCIAN, as the web form names it in French.
 */
export const PDF_LABELS_FR = {
  documentTitle: "Demande de financement d'entreprise",
  title: "Demande de financement d'entreprise",
  business: 'Entreprise',
  legalBusinessName: 'Dénomination sociale',
  dba: 'Nom commercial',
  legalEntity: 'Forme juridique',
  businessNumber: "Numéro d'entreprise (NE)",
  ein: "EIN / numéro d'identification fiscale",
  businessStartDate: 'Date de début des activités',
  industry: "Secteur d'activité",
  industryCode: 'SCIAN',
  businessDescription: "Description de l'entreprise",
  numberOfEmployees: "Nombre d'employés",
  amountRequested: 'Montant demandé',
  annualRevenue: 'Revenus annuels',
  useOfProceeds: 'Utilisation des fonds',
  productsInterestedIn: 'Produits qui intéressent',
  acceptsCreditCards: 'Accepte les cartes de crédit',
  hasRealEstate: 'Possède des biens immobiliers',
  openBusinessLoans: "Prêts d'entreprise en cours",
  averageDailyBalance: 'Solde quotidien moyen',
  businessPhone: "Téléphone de l'entreprise",
  website: 'Site Web',
  businessAddress: "Adresse de l'entreprise",
  owner: 'Propriétaire no {n}',
  primary: '(principal)',
  name: 'Nom',
  email: 'Courriel',
  phone: 'Téléphone',
  dateOfBirth: 'Date de naissance',
  ssn: 'SSN',
  sin: 'NAS',
  ownership: 'Propriété',
  creditScore: 'Pointage de crédit estimé',
  homeAddress: 'Adresse du domicile',
  authorization: 'Autorisation',
  consent:
    'En signant ci-dessous, chaque propriétaire atteste que les renseignements de cette demande sont exacts ' +
    'et complets, et autorise le prêteur et ses partenaires à obtenir des rapports de crédit commerciaux et ' +
    'personnels et à vérifier les renseignements fournis.',
  signature: 'Signature :',
  date: 'Date',
} as const satisfies PdfLabels;

/**
 * The labels written the same in both languages, each for a reason, so a French PDF may show them:
 * - `date`: 'Date' is the French word too.
 * - `ssn`: the US Social Security Number keeps its US name for a US owner (Canada's SIN is the NAS).
 */
export const PDF_LABELS_SAME_IN_FRENCH = ['date', 'ssn'] as const satisfies readonly PdfLabelKey[];

/** The labels in the applicant's language: Canadian French for 'fr-CA', English otherwise. */
export const pdfLabels = (language?: string): PdfLabels => (language === 'fr-CA' ? PDF_LABELS_FR : PDF_LABELS_EN);

/** A label with the owner's number in place of `{n}`. */
export const numbered = (label: string, n: number) => label.replace('{n}', String(n));

/**
 * The English labels found in a PDF's text that should be French: each label as a whole phrase (any
 * number in place of `{n}`), except those written the same in both languages. The text is the PDF's
 * lines joined by spaces, so a label wrapped over lines (the consent) is found too.
 */
export function englishLabelsIn(text: string): string[] {
  const same = new Set<string>(PDF_LABELS_SAME_IN_FRENCH);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const phrase = (label: string) =>
    new RegExp(`(^|[^\\p{L}\\p{N}])${label.split('{n}').map(escape).join('\\d+')}(?![\\p{L}\\p{N}])`, 'u');
  return Object.entries(PDF_LABELS_EN)
    .filter(([key, label]) => !same.has(key) && phrase(label).test(text))
    .map(([, label]) => label);
}
