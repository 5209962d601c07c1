export { WflCommandPanels, type WflCommandPanelsProps } from './WflCommandPanels.tsx';
