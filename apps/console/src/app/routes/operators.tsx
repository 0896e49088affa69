import { Operators } from '../../features/operators/components/operators';
import { Require } from '../require';

export default function OperatorsRoute() {
  return (
    <Require permission="operators.read">
      <Operators />
    </Require>
  );
}
