package auth

import (
	"bytes"
	"html/template"
	"net/url"
	"strings"

	"vitrine/internal/outbox"
	"vitrine/internal/tenant"
)

// accountMail is the text of one account e-mail.
type accountMail struct {
	Subject string
	Name    string
	Intro   string // what happened and what the link does
	Button  string
	Link    string
	Note    string // validity and what to do when it was not you
}

func verificationMail(publicURL, to, name, code string) outbox.Message {
	return accountMail{
		Subject: "Confirme seu e-mail no Vitrine",
		Name:    name,
		Intro:   "Sua conta no Vitrine foi criada. Para confirmar seu e-mail e liberar o acesso, abra o link abaixo:",
		Button:  "Confirmar e-mail",
		Link:    publicURL + "/?code=" + url.QueryEscape(code),
		Note:    "O link vale por 7 dias. Se você não criou esta conta, ignore esta mensagem.",
	}.message(to)
}

func resetMail(publicURL, to, name, code string) outbox.Message {
	return accountMail{
		Subject: "Recuperação de senha do Vitrine",
		Name:    name,
		Intro:   "Recebemos um pedido para redefinir a senha da sua conta no Vitrine. Para criar uma nova senha, abra o link abaixo:",
		Button:  "Criar nova senha",
		Link:    publicURL + "/reset/password/new?code=" + url.QueryEscape(code),
		Note: "O link vale por 1 hora e pode ser usado uma única vez. Se você não pediu a recuperação, " +
			"ignore esta mensagem: sua senha continua a mesma.",
	}.message(to)
}

// inviteMail invites to into a group's team; name is "" for a person with
// no account yet.
func inviteMail(publicURL, to, name, group, inviter string, role tenant.Role, code string) outbox.Message {
	by := "Você foi convidado"
	if inviter != "" {
		by = inviter + " convidou você"
	}
	return accountMail{
		Subject: "Convite para a equipe de " + group + " no Vitrine",
		Name:    name,
		Intro: by + " para a equipe do grupo " + group + " no Vitrine, com o papel '" + role.Label() +
			"'. Para aceitar o convite, abra o link abaixo:",
		Button: "Aceitar convite",
		Link:   publicURL + "/convite?code=" + url.QueryEscape(code),
		Note:   "O convite vale por 7 dias. Se você não esperava este convite, ignore esta mensagem.",
	}.message(to)
}

func (m accountMail) message(to string) outbox.Message {
	var text strings.Builder
	if m.Name == "" {
		text.WriteString("Olá!\n\n")
	} else {
		text.WriteString("Olá, " + m.Name + "!\n\n")
	}
	text.WriteString(m.Intro + "\n\n")
	text.WriteString(m.Link + "\n\n")
	text.WriteString(m.Note + "\n\n")
	text.WriteString("Equipe Vitrine\n")
	var html bytes.Buffer
	if err := mailHTML.Execute(&html, m); err != nil {
		html.Reset() // the plain text is enough
	}
	return outbox.Message{
		Channel:   outbox.Email,
		Recipient: to,
		Subject:   m.Subject,
		Body:      text.String(),
		HTML:      html.String(),
	}
}

var mailHTML = template.Must(template.New("mail").Parse(`<!DOCTYPE html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<p style="font-size:16px;margin:0 0 16px">{{if .Name}}Olá, {{.Name}}!{{else}}Olá!{{end}}</p>
<p style="font-size:15px;line-height:1.5;margin:0 0 24px">{{.Intro}}</p>
<p style="margin:0 0 24px"><a href="{{.Link}}" style="display:inline-block;background:#18181b;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-size:15px">{{.Button}}</a></p>
<p style="font-size:13px;line-height:1.5;color:#52525b;margin:0 0 8px">Se o botão não funcionar, copie este endereço no navegador:<br><a href="{{.Link}}" style="color:#2563eb;word-break:break-all">{{.Link}}</a></p>
<p style="font-size:13px;line-height:1.5;color:#52525b;margin:16px 0 0">{{.Note}}</p>
<p style="font-size:13px;color:#52525b;margin:24px 0 0">Equipe Vitrine</p>
</td></tr></table>
</td></tr></table>
</body>
</html>
`))
