import { DatePicker, type DatePickerProps } from 'antd';
import dayjs from 'dayjs';

/**
 * A date and time inside a form, from now on. Enter takes the typed date (what the picker does
 * on Enter) and does not also submit the form: without this, Enter in the field published the
 * post and dropped the date the creator had just typed.
 */
export function DateTimeField(props: DatePickerProps) {
  return (
    <DatePicker
      showTime
      needConfirm={false}
      disabledDate={(date) => date.isBefore(dayjs(), 'day')}
      {...props}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
    />
  );
}
