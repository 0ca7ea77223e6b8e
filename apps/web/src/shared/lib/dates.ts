import dayjs from 'dayjs';

/**
 * A moment as people say it: "today 14:55", "tomorrow 09:00", "yesterday 18:30", else the date
 * ("3 Dec, 14:55", with the year when it is not this year). A bare time is only clear for today.
 */
export function formatMoment(value: string | Date, now: Date = new Date()) {
  const moment = dayjs(value);
  const time = moment.format('HH:mm');
  const days = moment.startOf('day').diff(dayjs(now).startOf('day'), 'day');
  if (days === 0) return `today ${time}`;
  if (days === 1) return `tomorrow ${time}`;
  if (days === -1) return `yesterday ${time}`;
  return moment.format(moment.year() === dayjs(now).year() ? 'D MMM, HH:mm' : 'D MMM YYYY, HH:mm');
}

/**
 * A day without its time, as the rest of the site writes it: "3 Dec", with the year when it is not
 * this year; nothing for no day (a subscription that does not renew).
 */
export function formatDay(value: string | Date | null, now: Date = new Date()) {
  if (value === null) return '';
  const day = dayjs(value);
  return day.format(day.year() === dayjs(now).year() ? 'D MMM' : 'D MMM YYYY');
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
