import { Card, CardBody, CardHeader } from '../../components/ui/card.js';

export function ForgotPasswordPage() {
  return (
    <Card>
      <CardHeader title="Recuperar senha" />
      <CardBody />
    </Card>
  );
}
