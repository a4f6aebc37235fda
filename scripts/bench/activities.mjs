// Activities (`npm run bench -- activities`): a group of 120 children in four sections with their
// families and 40 activities, seeded in the bench's process; the board of the whole group's camp
// and of a section's outing, the participants' exports and the activities list, each with its
// median and p95 per request and the SQL statements one request runs (the board and the list
// read in a constant number of them, whatever the number of children).
import { inProcessFigures } from './in-process.mjs';

export function activityFigures() {
  return inProcessFigures('bench-activities', 'activityFigures');
}
