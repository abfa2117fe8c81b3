import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, type Model } from 'mongoose';
import { Application, type ApplicationDocument } from './application.schema';

export const APPLICATION_NOT_FOUND = 'Application not found';

/** Every record hangs off an application; this is where it is checked against the signed-in user. */
@Injectable()
export class ApplicationsService {
  constructor(@InjectModel(Application.name) private readonly applications: Model<Application>) {}

  /** The application when it is the user's; another user's id answers 404, exactly like a missing one. */
  async owned(applicationId: string, userId: string): Promise<ApplicationDocument> {
    const found = isValidObjectId(applicationId)
      ? await this.applications.findOne({ _id: applicationId, userId })
      : null;
    if (!found) throw new NotFoundException(APPLICATION_NOT_FOUND);
    return found;
  }
}
