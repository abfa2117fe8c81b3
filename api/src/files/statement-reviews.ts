import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { FILE_TYPES, reviewSummary, withBankCheck, type CashReading, type StatementReview } from '@portal/libs';
import { ApplicationFileIndex } from './application-files';

/** One statement's review as operators read it beside the workflow's progress. */
export type StatementReviewLine = { fileName: string; monthLabel?: string; review: string };

type Row = { fileName: string; monthLabel?: string; source?: string; cash?: CashReading; review?: StatementReview };

/**
 * The reviews of an application's bank statements (libs statement-review), one line each: 'consistent' or
 * what was found, with the page; an uploaded statement's also against the statement fetched from the bank
 * for its month, when there is one. For operators (GET operations/applications/:id/progress); the rep
 * reads the same line on the statement's copy in the CRM (its Description).
 */
@Injectable()
export class StatementReviews {
  constructor(private readonly index: ApplicationFileIndex) {}

  async of(applicationId: string): Promise<StatementReviewLine[]> {
    // Through the application's file index, each file by `_id` (FerretDB serves no other read from an index).
    const rows = (
      await this.index.fieldsOf(new Types.ObjectId(applicationId), [
        'fileType',
        'fileName',
        'monthLabel',
        'source',
        'cash',
        'review',
      ])
    ).filter((f) => f.fileType === FILE_TYPES.bankStatement) as Row[];
    const fromBank = (month?: string) =>
      rows.find((r) => r.source === 'bank' && r.monthLabel === month && r.cash?.readable)?.cash;
    return rows.flatMap((f) =>
      f.review
        ? [
            {
              fileName: f.fileName,
              ...(f.monthLabel ? { monthLabel: f.monthLabel } : {}),
              review: reviewSummary(
                f.source === 'bank' ? f.review : withBankCheck(f.review, f.cash, fromBank(f.monthLabel)),
              ),
            },
          ]
        : [],
    );
  }
}
