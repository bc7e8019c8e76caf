import { Card, EmptyState, List, Text, ThemeIcon } from '@mantine/core';
import { IconCircleDashed } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

/**
 * A console page whose tools are not in this version yet: it says what the page is for and
 * what it will hold, and shows no made-up data.
 */
export const UnavailablePage = (props: {
  title: string;
  description: string;
  icon: ReactNode;
  emptyTitle: string;
  emptyText: string;
  features: readonly string[];
}) => (
  <>
    <PageHeader title={props.title} description={props.description} />
    <Card padding="xl" radius="md">
      <EmptyState variant="light" size="lg" icon={props.icon} title={props.emptyTitle} description={props.emptyText} py="xl">
        <EmptyState.Actions>
          <List
            spacing={6}
            size="sm"
            c="dimmed"
            center
            icon={
              <ThemeIcon size={18} radius="xl" variant="light" color="gray" aria-hidden>
                <IconCircleDashed size={12} />
              </ThemeIcon>
            }
          >
            {props.features.map((feature) => (
              <List.Item key={feature}>
                <Text fz="sm" c="dimmed" span>
                  {feature}
                </Text>
              </List.Item>
            ))}
          </List>
        </EmptyState.Actions>
      </EmptyState>
    </Card>
  </>
);
