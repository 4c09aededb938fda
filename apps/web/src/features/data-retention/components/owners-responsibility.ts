/** Said on every deletion screen (decision 044): what was copied out before is not reached. */
export const ownersResponsibility =
  'Exports and backups you took before are yours to delete: this does not reach them.';
