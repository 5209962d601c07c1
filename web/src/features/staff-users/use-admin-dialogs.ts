import type { StaffUser } from '@console/contracts';
import { create } from 'zustand';

/** Which admin dialog is open, and for whom: UI state only, the users themselves live in the query cache. */
interface AdminDialogs {
  editing: StaffUser | 'new' | null;
  deleting: StaffUser | null;
  openNew: () => void;
  openEdit: (user: StaffUser) => void;
  openDelete: (user: StaffUser) => void;
  close: () => void;
}

export const useAdminDialogs = create<AdminDialogs>()((set) => ({
  editing: null,
  deleting: null,
  openNew: () => set({ editing: 'new', deleting: null }),
  openEdit: (user) => set({ editing: user, deleting: null }),
  openDelete: (user) => set({ deleting: user, editing: null }),
  close: () => set({ editing: null, deleting: null }),
}));
