import { type ComponentType, lazy } from 'react';

type PropsOf<Module> = Module extends { default: ComponentType<infer Props> }
  ? Props extends object
    ? Props
    : Record<never, never>
  : never;

/**
 * A component whose code loads on demand (React's `lazy`) and, once loaded, renders at once. React's
 * lazy suspends at its first render even when its code is already in, and a page the server drew
 * (decision 079) must hydrate in one pass: a part left suspended would be drawn anew at the first
 * change that reaches it, dropping the reader's focus. `load` starts the download (a preload) and
 * resolves with the module.
 */
export function lazyComponent<Module extends { default: ComponentType<Props> }, Props extends object = PropsOf<Module>>(
  load: () => Promise<Module>,
) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<Module> | undefined;
  const start = () => {
    loading ??= load().then((module) => {
      loaded = module.default as ComponentType<Props>;
      return module;
    });
    return loading;
  };
  const Lazy = lazy(start) as unknown as ComponentType<Props>;
  const Component = (props: Props) => {
    const Loaded = loaded ?? Lazy;
    return <Loaded {...props} />;
  };
  return Object.assign(Component, { load: start });
}

/**
 * A button's props that start a lazy part's download when the button is pointed at or focused, so
 * that the dialog it opens is usually in by the click.
 */
export const loadsOnIntent = (part: { load: () => Promise<unknown> }) => ({
  onPointerEnter: () => void part.load(),
  onFocus: () => void part.load(),
});
