import { Card, CardBody, CardHeader } from '../../components/ui/card.js';

export function RegisterPage() {
  return (
    <Card>
      <CardHeader title="Criar Conta" />
      <CardBody />
    </Card>
  );
}
