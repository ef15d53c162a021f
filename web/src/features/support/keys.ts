// The support feature's query keys, apart from the hooks so the real-time bridge (features/messaging)
// can invalidate them without loading the screens' code.
export const supportKeys = {
  all: ['support'] as const,
  mine: ['support', 'mine'] as const,
  conversation: (id: string) => ['support', 'mine', id] as const,
  inbox: (view: string) => ['support', 'admin', 'inbox', view] as const,
  adminConversation: (id: string) => ['support', 'admin', 'conversation', id] as const,
  canned: ['support', 'admin', 'canned'] as const,
  metrics: ['support', 'admin', 'metrics'] as const,
};
