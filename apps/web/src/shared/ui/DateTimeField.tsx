import { DatePicker, type DatePickerProps } from 'antd';
import dayjs from 'dayjs';

/**
 * How a date and time is shown, then every way it may be typed: with or without seconds. With
 * only antd's default ("YYYY-MM-DD HH:mm:ss"), "2026-12-05 18:00" showed in the field but never
 * became its value, and the form sent its default date instead.
 */
export const DATE_TIME_FORMATS = ['YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss'];

/**
 * A date and time inside a form, from now on, to the minute. Enter takes the typed date (what
 * the picker does on Enter) and does not also submit the form: without this, Enter in the field
 * published the post and dropped the date the creator had just typed.
 */
export function DateTimeField(props: DatePickerProps) {
  return (
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      format={DATE_TIME_FORMATS}
      placeholder={DATE_TIME_FORMATS[0]}
      needConfirm={false}
      disabledDate={(date) => date.isBefore(dayjs(), 'day')}
      {...props}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
    />
  );
}
