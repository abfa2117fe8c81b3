import { PICK_LIST_LABELS_ES } from '@portal/libs';
import type { Catalogue } from './en';
import { esAccount } from './es-us/account';
import { esDataExport } from './es-us/data-export';
import { esErase } from './es-us/erase';
import { esJourney } from './es-us/journey';
import { esMessages } from './es-us/messages';
import { esOffers } from './es-us/offers';
import { esPhone } from './es-us/phone';
import { esStatus } from './es-us/status';

/**
 * US Spanish ('usted', as lenders' Spanish pages write): the same keys as the English catalogue, every
 * one (the compiler checks the shape), written by area in es-us/ and merged here.
 */
export const esUS = {
  ...esAccount,
  ...esJourney,
  ...esOffers,
  ...esStatus,
  ...esPhone,
  ...esDataExport,
  ...esErase,
  options: PICK_LIST_LABELS_ES,
  ...esMessages,
} satisfies Catalogue;
