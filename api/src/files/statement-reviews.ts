import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { FILE_TYPES, reviewSummary, withBankCheck, type CashReading, type StatementReview } from '@portal/libs';
import { StoredFile } from './file.schema';

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
  constructor(@InjectModel(StoredFile.name) private readonly files: Model<StoredFile>) {}

  async of(applicationId: string): Promise<StatementReviewLine[]> {
    const rows = await this.files
      .find(
        { applicationId: new Types.ObjectId(applicationId), fileType: FILE_TYPES.bankStatement },
        { fileName: 1, monthLabel: 1, source: 1, cash: 1, review: 1 },
      )
      .sort({ createdAt: 1 })
      .limit(100)
      .lean<Row[]>();
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
