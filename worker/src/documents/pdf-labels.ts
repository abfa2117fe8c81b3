import type { ApplicantLanguage, ByLanguage } from '@portal/libs';

/**
 * Every word of its own the application PDF writes (title, headings, row labels, the consent, the
 * signature lines), by key, in each language the portal speaks. The renderer and businessRows name a
 * label only by its key, so no label can be written in English to a French or Spanish applicant by
 * accident, and each language's table is typed against the English keys (and PDF_LABELS against the
 * languages): a label added in English without its translations, or a language without its labels, does
 * not compile. The answers themselves come already written in the applicant's language (pdf-answers.ts);
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
 * In US Spanish (usted). The US tax numbers keep their English acronyms in brackets, as the IRS's own
 * Spanish forms write them (número de Seguro Social, SSN), so the owner knows which number was asked.
 */
export const PDF_LABELS_ES = {
  documentTitle: 'Solicitud de financiamiento empresarial',
  title: 'Solicitud de financiamiento empresarial',
  business: 'Empresa',
  legalBusinessName: 'Razón social',
  dba: 'Nombre comercial (DBA)',
  legalEntity: 'Tipo de entidad legal',
  businessNumber: 'Número de empresa (BN)',
  ein: 'Número de identificación fiscal (EIN)',
  businessStartDate: 'Fecha de inicio del negocio',
  industry: 'Sector',
  industryCode: 'SCIAN',
  businessDescription: 'Descripción del negocio',
  numberOfEmployees: 'Número de empleados',
  amountRequested: 'Monto solicitado',
  annualRevenue: 'Ingresos anuales',
  useOfProceeds: 'Uso de los fondos',
  productsInterestedIn: 'Productos de interés',
  acceptsCreditCards: 'Acepta tarjetas de crédito',
  hasRealEstate: 'Tiene bienes raíces',
  openBusinessLoans: 'Préstamos comerciales vigentes',
  averageDailyBalance: 'Saldo diario promedio',
  businessPhone: 'Teléfono del negocio',
  website: 'Sitio web',
  businessAddress: 'Dirección del negocio',
  owner: 'Propietario n.º {n}',
  primary: '(principal)',
  name: 'Nombre',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  dateOfBirth: 'Fecha de nacimiento',
  ssn: 'Número de Seguro Social (SSN)',
  sin: 'Número de Seguro Social de Canadá (SIN)',
  ownership: 'Porcentaje de propiedad',
  creditScore: 'Puntaje de crédito estimado',
  homeAddress: 'Dirección particular',
  authorization: 'Autorización',
  consent:
    'Al firmar a continuación, cada propietario certifica que la información de esta solicitud es verdadera y ' +
    'completa, y autoriza al prestamista y a sus socios a obtener informes de crédito comerciales y personales ' +
    'y a verificar la información proporcionada.',
  signature: 'Firma:',
  date: 'Fecha',
} as const satisfies PdfLabels;

/** Each language's labels: a language added to the portal without its labels does not compile. */
export const PDF_LABELS: ByLanguage<PdfLabels> = { en: PDF_LABELS_EN, 'fr-CA': PDF_LABELS_FR, 'es-US': PDF_LABELS_ES };

/**
 * By language, the labels whose English words that language's label shows too, each for a reason, so that
 * language's PDF may show them:
 * - French `date`: 'Date' is the French word too.
 * - French `ssn`: the US Social Security Number keeps its US name for a US owner (Canada's SIN is the NAS).
 * - Spanish `dba`, `ssn`, `sin`: the US (and Canadian) acronyms, in brackets after the Spanish name.
 */
export const PDF_LABELS_SHOWING_ENGLISH: ByLanguage<readonly PdfLabelKey[]> = {
  en: Object.keys(PDF_LABELS_EN) as PdfLabelKey[],
  'fr-CA': ['date', 'ssn'],
  'es-US': ['dba', 'ssn', 'sin'],
};

/** The labels in the applicant's language (English when none is kept). */
export const pdfLabels = (language: ApplicantLanguage): PdfLabels => PDF_LABELS[language];

/** A label with the owner's number in place of `{n}`. */
export const numbered = (label: string, n: number) => label.replace('{n}', String(n));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A label as a whole phrase in a text, any number in place of `{n}`. */
export const labelPhrase = (label: string) =>
  new RegExp(`(^|[^\\p{L}\\p{N}])${label.split('{n}').map(escape).join('\\d+')}(?![\\p{L}\\p{N}])`, 'u');

/**
 * The English labels found in a PDF's text that should be in `language`: each label as a whole phrase (any
 * number in place of `{n}`), except those whose English words that language's label shows too. The text is the PDF's
 * lines joined by spaces, so a label wrapped over lines (the consent) is found too.
 */
export function englishLabelsIn(text: string, language: ApplicantLanguage): string[] {
  const same = new Set<string>(PDF_LABELS_SHOWING_ENGLISH[language]);
  return Object.entries(PDF_LABELS_EN)
    .filter(([key, label]) => !same.has(key) && labelPhrase(label).test(text))
    .map(([, label]) => label);
}
