import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

/** The narrow card every sign-in screen sits in. */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card className="auth-card shadow-sm border-0">
      <Card.Body className="p-4">
        <h1 className="h3 mb-4 text-center">{title}</h1>
        {children}
      </Card.Body>
    </Card>
  );
}
