import { handleJob } from '../../jobs/job-handler.js';
import { purgeDeletedWorkspaces } from './workspace-deletion.service.js';
import { purgeDeletedWorkspacesJob } from './workspaces.jobs.js';

export const workspaceJobHandlers = [
  handleJob(purgeDeletedWorkspacesJob, (ctx) => purgeDeletedWorkspaces(ctx)),
];
