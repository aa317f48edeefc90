import { create } from 'zustand';
import { createEvidenceSlice, type EvidenceSlice } from './evidenceSlice';
import { createInputsSlice, type InputsSlice } from './inputsSlice';
import { createViewSlice, type ViewSlice } from './viewSlice';

export type Store = InputsSlice & ViewSlice & EvidenceSlice;

/** The page's one store; components read it through narrow selectors so a cutoff step re-renders only what shows the cutoff. */
export const useStore = create<Store>()((...a) => ({
  ...createInputsSlice(...a),
  ...createViewSlice(...a),
  ...createEvidenceSlice(...a),
}));
