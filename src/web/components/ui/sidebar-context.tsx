import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { cn } from '../../lib/cn.ts';
import { useIsMobile } from '../../lib/use-mobile.ts';

/** Widths, and the open/closed state remembered in a cookie for 7 days (604800 s). */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_COLLAPSED = '3rem';
export const SIDEBAR_SHORTCUT_KEY = 'b';

interface SidebarContextValue {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = use(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within SidebarProvider');
  return context;
}

function readCookie(): boolean {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  // Open unless the user closed it: a first visit should show where things are.
  return match?.split('=')[1] !== 'false';
}

function writeCookie(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/** Ctrl+B on Windows/Linux, Cmd+B on macOS. */
function useShortcut(toggle: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== SIDEBAR_SHORTCUT_KEY || !(event.metaKey || event.ctrlKey) || event.altKey) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);
}

/** Holds whether the sidebar is open (desktop: expanded/collapsed, mobile: drawer shown) for the whole shell. */
export function SidebarProvider({ children, className }: { children: ReactNode; className?: string }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(readCookie);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeCookie(value);
  }, []);
  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);
  useShortcut(toggle);

  const value = useMemo<SidebarContextValue>(
    () => ({ state: open ? 'expanded' : 'collapsed', open, setOpen, openMobile, setOpenMobile, isMobile, toggle }),
    [open, setOpen, openMobile, isMobile, toggle],
  );
  const style = {
    '--sidebar-width': SIDEBAR_WIDTH,
    '--sidebar-width-mobile': SIDEBAR_WIDTH_MOBILE,
    '--sidebar-width-icon': SIDEBAR_WIDTH_COLLAPSED,
  } as CSSProperties;
  return (
    <SidebarContext value={value}>
      <div style={style} className={cn('ui-sidebar-wrapper', className)}>
        {children}
      </div>
    </SidebarContext>
  );
}
