/**
 * The most common passwords of 8 characters or more (from published breach top lists):
 * refused however they are capitalised (API.md "Limits"). Shorter ones are refused
 * by length already.
 */
const COMMON = `password 12345678 123456789 1234567890 12345678910 987654321 87654321 11111111
00000000 11223344 12344321 123123123 88888888 99999999 55555555 66666666 77777777
22222222 33333333 44444444 1q2w3e4r 1q2w3e4r5t q1w2e3r4 1qaz2wsx 1qazxsw2 12qwaszx
zaq12wsx qwertyuiop qwerty12 qwerty123 qwerty1234 qwer1234 1234qwer 123qweasd
qweasdzxc qazwsxedc asdfghjkl asdf1234 zxcvbnm1 zxcvbnm123 abc12345 abcd1234 1234abcd
abcdefgh abcdefg1 a1b2c3d4 1a2b3c4d 123456aa aa123456 123456abc abc123456 1234567a
a1234567 aaaaaaaa password1 password12 password123 password01 password! passw0rd
p@ssw0rd p@ssword pa55word pa$$word password2023 password2024 password2025 password2026
iloveyou iloveyou1 iloveu123 loveyou1 lovelove sunshine princess football baseball
basketball soccer12 hockey12 welcome1 welcome123 welcome! superman batman12 spiderman
starwars trustno1 whatever whatever1 dragon12 dragon123 master12 letmein1 letmein123
letmein! monkey12 monkey123 shadow12 michael1 jennifer jordan23 harley12 hunter12
computer internet corvette mercedes samantha ferrari1 liverpool chelsea1 arsenal1
manchester changeme admin123 administrator adminadmin root1234 test1234 testtest
guest123 default1 secret12 butterfly sweetheart chocolate pokemon1 minecraft michelle
jessica1 ashley12 nicole12 daniel12 charlie1 thomas12 matthew1 jonathan benjamin
elizabeth alexander victoria patricia freedom1 google123 facebook summer2024 summer2025
summer2026 winter2024 winter2025 winter2026 spring2025 spring2026 autumn2025 company1
qwerty123456 1234512345 1122334455 123454321 147258369 159753456 741852963 963852741
qazxswedc zxcvbnma asdfasdf qwerqwer 1111111111 0987654321 9876543210 letmeinnow
iloveyou2 princess1 sunshine1 football1 baseball1 superman1 starwars1 master123`
  .split(/\s+/)
  .filter(Boolean)

const commonPasswords = new Set(COMMON)

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase())
}
