import ICAL from 'ical.js';
import { extractText, getDocumentProxy } from 'unpdf';

/*
 * What the activities' tests read the way their readers do: a PDF's text (a mail client, a
 * printer), a calendar's events (a calendar app). The API tests and the browser tests share them.
 */

/** The text of a PDF (every page), its runs of white space made one space. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

export interface CalendarEvent {
  uid: string;
  summary: string;
  sequence: number;
  status: string;
  start: string;
}

/** The events of an iCalendar text, read by ical.js as a calendar app would. */
export function calendarEvents(ics: string): CalendarEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((vevent) => ({
    uid: String(vevent.getFirstPropertyValue('uid')),
    summary: String(vevent.getFirstPropertyValue('summary')),
    sequence: Number(vevent.getFirstPropertyValue('sequence') ?? 0),
    status: String(vevent.getFirstPropertyValue('status') ?? ''),
    start: new ICAL.Event(vevent).startDate.toJSDate().toISOString(),
  }));
}
