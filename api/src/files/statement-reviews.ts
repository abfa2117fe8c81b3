import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { FILE_TYPES, reviewSummary, type StatementReview } from '@portal/libs';
import { StoredFile } from './file.schema';

/** One statement's review as operators read it beside the workflow's progress. */
export type StatementReviewLine = { fileName: string; monthLabel?: string; review: string };

/**
 * The reviews of an application's bank statements (libs statement-review), one line each: 'consistent' or
 * what was found, with the page. For operators (GET operations/applications/:id/progress); the rep reads
 * the same line on the statement's copy in the CRM (its Description).
 */
@Injectable()
export class StatementReviews {
  constructor(@InjectModel(StoredFile.name) private readonly files: Model<StoredFile>) {}

  async of(applicationId: string): Promise<StatementReviewLine[]> {
    const found = await this.files
      .find(
        {
          applicationId: new Types.ObjectId(applicationId),
          fileType: FILE_TYPES.bankStatement,
          review: { $exists: true },
        },
        { fileName: 1, monthLabel: 1, review: 1 },
      )
      .sort({ createdAt: 1 })
      .limit(50)
      .lean<{ fileName: string; monthLabel?: string; review: StatementReview }[]>();
    return found.map((f) => ({
      fileName: f.fileName,
      ...(f.monthLabel ? { monthLabel: f.monthLabel } : {}),
      review: reviewSummary(f.review),
    }));
  }
}
