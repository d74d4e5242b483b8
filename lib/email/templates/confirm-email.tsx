import { Heading, Text } from "@react-email/components";
import { ActionLink, EmailLayout, styles } from "@/lib/email/templates/layout";

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
      <ActionLink url={url}>Confirm my email</ActionLink>
      <Text style={styles.muted}>The link expires in 24 hours. If you did not sign up, you can ignore this email.</Text>
    </EmailLayout>
  );
}
