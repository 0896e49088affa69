import { Breaks } from '../../features/rg/components/breaks';
import { Require } from '../require';

export default function RgRoute() {
  return (
    <Require permission="rg.read">
      <Breaks />
    </Require>
  );
}
