import { Anchor, Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Brand } from '../../ui/brand';
import { contentId, SkipLink } from '../../ui/skip-link';

/**
 * The frame of the player's pages around a run (code entry, join, lobby, end): the product's
 * mark, leading back to code entry, and the page's action (sign out) over one centred column
 * that fits a phone.
 */
export const PlayerFrame = ({
  productName,
  width = 560,
  action = null,
  children,
}: {
  productName: string;
  width?: number;
  action?: ReactNode;
  children: ReactNode;
}) => (
  <Box mih="100dvh" bg="gray.0">
    <SkipLink />
    <Box component="header" bg="white" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size={width} px="md">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/play" underline="never" w="fit-content" display="block">
            <Brand productName={productName} />
          </Anchor>
          {action}
        </Group>
      </Container>
    </Box>
    <Container component="main" id={contentId} tabIndex={-1} size={width} px="md" py="xl">
      {children}
    </Container>
  </Box>
);
