import { PICK_LIST_LABELS_FR } from '@portal/libs';
import type { Catalogue } from './en';
import { frAccount } from './fr-ca/account';
import { frDataExport } from './fr-ca/data-export';
import { frJourney } from './fr-ca/journey';
import { frMessages } from './fr-ca/messages';
import { frOffers } from './fr-ca/offers';
import { frPhone } from './fr-ca/phone';
import { frErase } from './fr-ca/erase';

/**
 * Canadian French: the same keys as the English catalogue, every one (the compiler checks the shape),
 * written by area in fr-ca/ and merged here.
 */
export const frCA = {
  ...frAccount,
  ...frJourney,
  ...frOffers,
  ...frPhone,
  ...frDataExport,
  ...frErase,
  options: PICK_LIST_LABELS_FR,
  ...frMessages,
} satisfies Catalogue;
