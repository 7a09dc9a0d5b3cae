import type { ModuleDef } from '@erp/contracts';
import { iconFor } from '../shell/module-icons';

export function ModuleIcon({ module, size = 40 }: { module: ModuleDef; size?: number }) {
  return (
    <span className="erp-module-icon" style={{ background: module.colour, width: size, height: size, fontSize: size / 2 }} aria-hidden="true">
      {iconFor(module.image)}
    </span>
  );
}
