import { Heading, Text } from "@react-email/components";
import { ActionLink, EmailLayout, styles } from "@/lib/email/templates/layout";

/** `name` only for a confirmed account: an unconfirmed one's name was typed by whoever registered the address. */
export function ResetPasswordEmail({ name, url }: { name: string | null; url: string }) {
  return (
    <EmailLayout preview="Reset your Fresh Bowl password">
      <Heading as="h1" style={styles.heading}>
        Reset your password
      </Heading>
      <Text style={styles.text}>{name ? `Hi ${name}, we` : "We"} received a request to reset the password of your Fresh Bowl account.</Text>
      <ActionLink url={url}>Choose a new password</ActionLink>
      <Text style={styles.muted}>
        The link expires in 30 minutes and works once. If you did not ask for it, ignore this email: your password stays the same.
      </Text>
    </EmailLayout>
  );
}
