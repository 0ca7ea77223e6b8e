import dayjs from 'dayjs';

/** A time zone (IANA name), or undefined for this machine's own (the browser's: the reader's). */
type Zone = string | undefined;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const formats = new Map<string, Intl.DateTimeFormat>();
/** A moment's calendar fields in a zone: Intl knows every zone, so no zone data is shipped. */
function fieldsIn(value: string | Date, zone: Zone) {
  const key = zone ?? '';
  let format = formats.get(key);
  if (!format) {
    const options = { year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
    format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: zone });
    formats.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(value)).map((part) => [part.type, part.value]));
  const [year, month, day] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  return { year, month, day, time: `${parts.hour}:${parts.minute}`, dayNumber: Date.UTC(year, month - 1, day) / 86_400_000 };
}

/**
 * A moment as people say it: "today 14:55", "tomorrow 09:00", "yesterday 18:30", else the date
 * ("3 Dec, 14:55", with the year when it is not this year). A bare time is only clear for today.
 */
export function formatMoment(value: string | Date, now: Date = new Date(), zone?: Zone) {
  const moment = fieldsIn(value, zone);
  const today = fieldsIn(now, zone);
  const days = moment.dayNumber - today.dayNumber;
  if (days === 0) return `today ${moment.time}`;
  if (days === 1) return `tomorrow ${moment.time}`;
  if (days === -1) return `yesterday ${moment.time}`;
  const date = `${moment.day} ${MONTHS[moment.month - 1]}${moment.year === today.year ? '' : ` ${moment.year}`}`;
  return `${date}, ${moment.time}`;
}

/**
 * A day without its time, as the rest of the site writes it: "3 Dec", with the year when it is not
 * this year; nothing for no day (a subscription that does not renew). A bare day ("2026-10-25") is
 * that day wherever the reader is.
 */
export function formatDay(value: string | Date | null, now: Date = new Date(), zone?: Zone) {
  if (value === null) return '';
  const day =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? fieldsIn(`${value}T12:00:00Z`, 'UTC') : fieldsIn(value, zone);
  return `${day.day} ${MONTHS[day.month - 1]}${day.year === fieldsIn(now, zone).year ? '' : ` ${day.year}`}`;
}

/** Every day from `from` to `to` (YYYY-MM-DD, both included), in order. */
export function daysBetween(from: string, to: string) {
  const days: string[] = [];
  for (let day = dayjs(from); !day.isAfter(dayjs(to), 'day'); day = day.add(1, 'day')) days.push(day.format('YYYY-MM-DD'));
  return days;
}

/** A length in seconds (a video, a live session) as m:ss or h:mm:ss: 75 → "1:15", 3725 → "1:02:05". */
export const formatDuration = (seconds: number) => {
  const whole = Math.round(seconds);
  const [hours, minutes, secs] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours ? `${hours}:${pad(minutes)}:${pad(secs)}` : `${minutes}:${pad(secs)}`;
};
