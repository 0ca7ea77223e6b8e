import { FastColor } from '@ant-design/fast-color';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { type ThemeMode, themeConfig } from './theme-tokens';

/** WCAG 2.2's contrast ratio of a colour (maybe translucent) drawn over an opaque background. */
function contrast(foreground: string, background: string) {
  const over = (color: string, under: string) => new FastColor(color).onBackground(new FastColor(under));
  const luminance = (color: FastColor) => {
    const { r, g, b } = color.toRgb();
    const [R, G, B] = [r, g, b].map((value) => {
      const v = value / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  const back = over(background, '#000');
  const [light, dark] = [luminance(over(foreground, back.toHexString())), luminance(back)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/** The text/background pairs antd draws from these tokens, for the mode's computed tokens. */
function pairs(mode: ThemeMode) {
  const config = themeConfig(mode);
  const t = theme.getDesignToken(config);
  const button = config.components?.Button;
  const badge = { ...t, ...config.components?.Badge };
  const surfaces = { container: t.colorBgContainer, layout: t.colorBgLayout, elevated: t.colorBgElevated };
  const texts = {
    link: t.colorLink,
    'link hover': t.colorLinkHover,
    primary: t.colorPrimary,
    caption: t.colorTextDescription,
    tertiary: t.colorTextTertiary,
    placeholder: t.colorTextPlaceholder,
    secondary: t.colorTextSecondary,
    success: t.colorSuccess,
    warning: t.colorWarning,
    error: t.colorError,
    'error text': t.colorErrorText,
  };
  const list: [string, string, string][] = [];
  for (const [textName, text] of Object.entries(texts)) {
    for (const [surfaceName, surface] of Object.entries(surfaces)) list.push([`${textName} on ${surfaceName}`, text, surface]);
  }
  list.push(
    ['primary button', button?.primaryColor as string, t.colorPrimary],
    ['primary button hovered', button?.primaryColor as string, t.colorPrimaryHover],
    ['primary button pressed', button?.primaryColor as string, t.colorPrimaryActive],
    ['danger button', button?.dangerColor as string, t.colorError],
    ['danger button hovered', button?.dangerColor as string, t.colorErrorHover],
    ['selected menu item', t.colorPrimary, t.colorPrimaryBg],
    ['success tag', t.colorSuccess, t.colorSuccessBg],
    ['processing tag', t.colorInfo, t.colorInfoBg],
    ['warning tag', t.colorWarning, t.colorWarningBg],
    ['error tag', t.colorError, t.colorErrorBg],
    ['badge count', badge.colorTextLightSolid, badge.colorError],
    ['empty table', config.components?.Table?.colorTextDisabled as string, t.colorBgContainer],
  );
  for (const color of ['green', 'red', 'blue', 'purple', 'gold', 'orange', 'cyan', 'magenta', 'volcano', 'geekblue', 'lime'] as const) {
    list.push([`${color} tag`, t[`${color}7`], t[`${color}1`]]);
  }
  return list;
}

describe('the antd theme', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`holds WCAG AA contrast (4.5:1) for text in the ${mode} theme`, () => {
      const short = pairs(mode)
        .map(([name, text, background]) => ({ name, ratio: Math.round(contrast(text, background) * 100) / 100 }))
        .filter(({ ratio }) => ratio < 4.5);
      expect(short).toEqual([]);
    });
  }

  it('measures as WCAG does: white on the brand blue is 2.4:1', () => {
    expect(contrast('#fff', '#42b1e8')).toBeCloseTo(2.42, 2);
  });
});
