import { Box, Burger, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconActivityHeartbeat,
  IconCalendarEvent,
  IconChartBar,
  IconChevronDown,
  IconClipboardCheck,
  IconCreditCard,
  IconHome,
  IconMail,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useApi } from '../api/api-context';
import { queryKeys } from '../api/query-keys';
import { Brand } from '../ui/brand';
import { DeferredMenu } from '../ui/deferred-menu';
import { lazyNamed } from '../ui/lazy-named';
import { contentId, SkipLink } from '../ui/skip-link';
import type { PageId, PageState } from './app-machine';
import { useAppSession } from './app-session';
import { pathFor } from './routes';
import classes from './shell.module.css';

type NavItem = {
  readonly page: Exclude<PageId, 'EDIT_RESIM' | 'SPACE_SETTINGS' | 'SPACE_SCOREBOARD'>;
  readonly label: string;
  readonly icon: typeof IconHome;
};

const mainNav: readonly NavItem[] = [
  { page: 'HOME', label: 'Home', icon: IconHome },
  { page: 'ASSESSMENT', label: 'Assessment', icon: IconClipboardCheck },
  { page: 'MONITORING', label: 'Monitoring', icon: IconActivityHeartbeat },
  { page: 'CLIENTS', label: 'Clients', icon: IconUsers },
  { page: 'INTEL', label: 'Intel', icon: IconChartBar },
  { page: 'TEMPLATES', label: 'Email templates', icon: IconMail },
  { page: 'SUBSCRIPTIONS', label: 'Subscriptions', icon: IconCreditCard },
  { page: 'SCHEDULE', label: 'Schedule', icon: IconCalendarEvent },
];
const profileNav: NavItem = { page: 'PROFILE', label: 'Profile', icon: IconUser };

// The scenario editor and a space's settings and scoreboard are reached from Home, so Home stays lit while they are open.
const isActive = (item: NavItem, page: PageState): boolean =>
  item.page === page.name ||
  (item.page === 'HOME' && (page.name === 'EDIT_RESIM' || page.name === 'SPACE_SETTINGS' || page.name === 'SPACE_SCOREBOARD'));

const initialsOf = (text: string): string => {
  const words = text
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
};

const NavItemLink = ({ item, page, onNavigate }: { item: NavItem; page: PageState; onNavigate: () => void }) => {
  const active = isActive(item, page);
  const Icon = item.icon;
  return (
    <Link
      to={pathFor({ name: item.page })}
      className={classes.navLink}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    >
      <Icon size={18} stroke={1.7} aria-hidden />
      {item.label}
    </Link>
  );
};

const AccountMenu = lazyNamed(() => import('./account-menu').then((m) => m.AccountMenu));

const UserMenu = () => {
  const api = useApi();
  const me = useQuery({ queryKey: queryKeys.userAuth, queryFn: ({ signal }) => api.user.auth(signal) });
  const name = me.data ? (me.data.name ?? me.data.email) : '';
  // Named by what it shows (the user's name), as speech input users would say it.
  return (
    <DeferredMenu
      menu={AccountMenu}
      props={{ email: me.data?.email ?? null }}
      trigger={
        <UnstyledButton px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap={10} wrap="nowrap">
            <span className={classes.avatar} aria-hidden>
              {name ? initialsOf(name) : <IconUser size={18} />}
            </span>
            <Box visibleFrom="sm" maw={200}>
              <Text fz="sm" fw={500} truncate="end">
                {name || 'Account'}
              </Text>
            </Box>
            <VisuallyHidden hiddenFrom="sm">{name || 'Account'}</VisuallyHidden>
            <IconChevronDown size={14} stroke={1.7} aria-hidden />
          </Group>
        </UnstyledButton>
      }
    />
  );
};

/**
 * The owner of a space is its billing owner, and only they see billing: the server answers
 * anyone else's billing 404, so the entry is shown only to owners.
 */
const useOwnsASpace = (): boolean => {
  const api = useApi();
  const spaces = useQuery({ queryKey: queryKeys.spaces, queryFn: ({ signal }) => api.spaces.list(signal) });
  return spaces.data?.some((space) => space.isOwner) ?? false;
};

const titleOf = (page: PageState): string => {
  if (page.name === 'EDIT_RESIM') return 'Scenario';
  if (page.name === 'SPACE_SETTINGS') return 'Space settings';
  if (page.name === 'SPACE_SCOREBOARD') return 'Scoreboard';
  return [...mainNav, profileNav].find((item) => item.page === page.name)?.label ?? '';
};

/** The signed-in console: header with the product and the user's menu, navigation to every page. */
export const ConsoleShell = ({ page, children }: { page: PageState; children: ReactNode }) => {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { productName } = useAppSession();
  const title = titleOf(page);
  const ownsASpace = useOwnsASpace();

  // The tab and screen readers name the page too.
  useEffect(() => {
    document.title = title ? `${title} · ${productName}` : productName;
  }, [title, productName]);
  return (
    <>
      <SkipLink />
      <Box component="header" className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
            />
            <Link to="/" aria-label={`${productName} home`} style={{ textDecoration: 'none' }}>
              <Brand productName={productName} />
            </Link>
          </Group>
          <UserMenu />
        </Group>
      </Box>
      <nav className={classes.navbar} data-opened={opened || undefined} aria-label="Main navigation">
        <Stack gap={2} className={classes.links}>
          {mainNav
            .filter((item) => item.page !== 'SUBSCRIPTIONS' || ownsASpace)
            .map((item) => (
              <NavItemLink key={item.page} item={item} page={page} onNavigate={close} />
            ))}
        </Stack>
        <div className={classes.footer}>
          <NavItemLink item={profileNav} page={page} onNavigate={close} />
        </div>
      </nav>
      <main className={classes.main} id={contentId} tabIndex={-1}>
        <Box maw={1200} mx="auto" pb="xl">
          {children}
        </Box>
      </main>
    </>
  );
};
