import { theme as antTheme, type ThemeConfig } from 'antd';
import type { MappingAlgorithm } from 'antd/es/theme/interface';

export type ThemeMode = 'light' | 'dark';

/** The spec's brand colours: the seeds of antd's palettes (tints, borders, focus rings). */
export const BRAND = { primary: '#42b1e8', success: '#4ec52a' };

/**
 * What antd draws text with, or draws text on, chosen so that WCAG 2.2 AA (4.5:1) holds on the
 * theme's backgrounds (decision 029 has the measured ratios; antd-theme.test.ts measures them
 * again). White text on the brand blue is 2.4:1 and the brand blue as text on white the same, so
 * the light theme writes and fills with a darker shade of the same hue (white on it 5.7:1); the
 * dark theme keeps the brand blue itself, which reads 7.5:1 on dark surfaces, with dark text on it.
 * States darken (light) or lighten (dark) on hover, so a hovered control keeps its contrast.
 */
export const ACCESSIBLE = {
  light: {
    primary: '#136d9b',
    primaryHover: '#0f5a7f',
    primaryActive: '#0d4d6d',
    onPrimary: '#fff',
    success: '#2f7619',
    error: '#cf1322',
    errorHover: '#a8071a',
    errorActive: '#820014',
    warning: '#8c5e03',
    // antd's 0.45 black (3.4:1) for captions and secondary text; 0.6 reads 5.7:1 on white.
    caption: 'rgba(0, 0, 0, 0.6)',
    placeholder: 'rgba(0, 0, 0, 0.55)',
    primaryBg: undefined,
    // The preset tag colours whose text (shade 7 on shade 1) falls short: green 3.4, gold 2.8,
    // orange 3.3, cyan 3.4, volcano 4.4, lime 2.5.
    presets: { green7: '#2f7619', gold7: '#8c5e03', orange7: '#a84a00', cyan7: '#006d75', volcano7: '#ad2102', lime7: '#3f6600' },
  },
  dark: {
    primary: BRAND.primary,
    primaryHover: '#6cccf5',
    primaryActive: '#1ca1e3',
    onPrimary: '#000',
    success: undefined,
    error: '#ff7875',
    errorHover: '#ffa39e',
    errorActive: '#ff4d4f',
    warning: undefined,
    caption: 'rgba(255, 255, 255, 0.6)',
    placeholder: 'rgba(255, 255, 255, 0.5)',
    // The selected menu item's ground: the derived one leaves the brand blue on it at 4.4:1.
    primaryBg: '#112a38',
    // purple 3.4, geekblue 4.2.
    presets: { purple7: '#b37feb', geekblue7: '#85a5ff' },
  },
} as const;

/** The second step after antd's light or dark algorithm: the shades above in place of the derived ones. */
function accessible(mode: ThemeMode): MappingAlgorithm {
  const colors = ACCESSIBLE[mode];
  return (_seed, map) => {
    if (!map) throw new Error('the accessible colours follow a base algorithm');
    const primary = { base: colors.primary, hover: colors.primaryHover, active: colors.primaryActive };
    const error = { base: colors.error, hover: colors.errorHover, active: colors.errorActive };
    return {
      ...map,
      ...colors.presets,
      colorPrimary: primary.base,
      colorPrimaryHover: primary.hover,
      colorPrimaryActive: primary.active,
      colorPrimaryText: primary.base,
      colorPrimaryTextHover: primary.hover,
      colorPrimaryTextActive: primary.active,
      colorLink: primary.base,
      colorLinkHover: primary.hover,
      colorLinkActive: primary.active,
      colorInfo: primary.base,
      colorInfoText: primary.base,
      colorError: error.base,
      colorErrorHover: error.hover,
      colorErrorActive: error.active,
      colorErrorText: error.base,
      colorErrorTextHover: error.hover,
      colorErrorTextActive: error.active,
      ...(colors.success && { colorSuccess: colors.success, colorSuccessText: colors.success }),
      ...(colors.warning && { colorWarning: colors.warning, colorWarningText: colors.warning }),
      colorTextTertiary: colors.caption,
      ...(colors.primaryBg && { colorPrimaryBg: colors.primaryBg }),
    };
  };
}

/** antd's theme for a mode: the brand seeds, the accessible shades, and text on filled controls. */
export function themeConfig(mode: ThemeMode, motion = true): ThemeConfig {
  const colors = ACCESSIBLE[mode];
  const onFilled = { colorTextLightSolid: colors.onPrimary };
  return {
    // One key per theme rather than one per ConfigProvider (antd's default, from useId): the
    // header, the page and the toasts then share one set of variables, and the server's render
    // writes it once.
    cssVar: { key: `ll-${mode}` },
    algorithm: [mode === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm, accessible(mode)],
    token: {
      colorPrimary: BRAND.primary,
      colorSuccess: BRAND.success,
      colorTextDescription: colors.caption,
      colorTextPlaceholder: colors.placeholder,
      motion,
    },
    components: {
      Button: { primaryColor: colors.onPrimary, dangerColor: colors.onPrimary },
      Radio: { buttonSolidCheckedColor: colors.onPrimary },
      DatePicker: onFilled,
      Tag: onFilled,
      // A count keeps white on a red deep enough for it in both themes.
      Badge: { colorError: ACCESSIBLE.light.error },
      // An empty table says so in words (its emptyText), which antd greys as disabled (1.8:1).
      Table: { colorTextDisabled: colors.caption },
      // "Age: 29 - 31", not "Age : 29 - 31".
      Descriptions: { colonMarginLeft: 0 },
    },
  };
}
