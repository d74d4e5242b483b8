import { Button, Heading, Link, Text } from "@react-email/components";
import { EmailLayout, styles } from "@/lib/email/templates/layout";

// Goes to an address nobody has confirmed yet: anyone can type someone else's address into the
// register form, so this mail carries nothing the registrant typed (no name), only our own
// words and the link (product.md §5).
export function ConfirmEmail({ url }: { url: string }) {
  return (
    <EmailLayout preview="Confirm your email to start ordering at Fresh Bowl">
      <Heading as="h1" style={styles.heading}>
        Welcome to Fresh Bowl!
      </Heading>
      <Text style={styles.text}>Please confirm your email address to finish creating your account.</Text>
      <Button href={url} style={styles.button}>
        Confirm my email
      </Button>
      <Text style={styles.muted}>
        Or open this link: <Link href={url}>{url}</Link>
      </Text>
      <Text style={styles.muted}>The link expires in 24 hours. If you did not sign up, you can ignore this email.</Text>
    </EmailLayout>
  );
}
