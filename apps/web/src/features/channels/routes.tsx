import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ChannelsPage = lazy(() => import('./ChannelsPage'));
const ChannelCreatePage = lazy(() => import('./ChannelCreatePage'));
const ChannelEditPage = lazy(() => import('./ChannelEditPage'));
const ChannelDeleteRoute = lazy(() => import('./ChannelDeleteRoute'));
const ChannelTagsPage = lazy(() => import('./ChannelTagsPage'));
const ChannelTagCreatePage = lazy(() => import('./ChannelTagCreatePage'));
const ChannelTagEditPage = lazy(() => import('./ChannelTagEditPage'));
const ChannelTagDeleteRoute = lazy(() => import('./ChannelTagDeleteRoute'));

/**
 * /registration/channels (+ /new, /{channelId}/edit, /{channelId}/delete) and
 * /registration/channel-tags (+ /new, /{channelTagId}/edit, /{channelTagId}/delete), spec §2.
 * A delete route is a child of its list, which stays on screen behind the question.
 */
export const channelRoutes: RouteObject[] = [
  {
    path: 'registration/channels',
    element: <ChannelsPage />,
    children: [{ path: ':channelId/delete', element: <ChannelDeleteRoute /> }],
  },
  { path: 'registration/channels/new', element: <ChannelCreatePage /> },
  { path: 'registration/channels/:channelId/edit', element: <ChannelEditPage /> },
  {
    path: 'registration/channel-tags',
    element: <ChannelTagsPage />,
    children: [{ path: ':channelTagId/delete', element: <ChannelTagDeleteRoute /> }],
  },
  { path: 'registration/channel-tags/new', element: <ChannelTagCreatePage /> },
  { path: 'registration/channel-tags/:channelTagId/edit', element: <ChannelTagEditPage /> },
];
