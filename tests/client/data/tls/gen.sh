#!/usr/bin/env bash
# Regenerates the fake API server's TLS fixtures: a CA, a server certificate for 127.0.0.1 and
# localhost, client certificates with an RSA (PKCS#8) and an EC (SEC1) key, an unrelated RSA key,
# and a second CA that signed nothing the server uses. Valid for 100 years, so tests never expire.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
days=36500
openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.crt -days $days -subj "/CN=kschedviz-test-ca" 2>/dev/null
openssl req -x509 -newkey rsa:2048 -nodes -keyout other-ca.key -out other-ca.crt -days $days -subj "/CN=kschedviz-other-ca" 2>/dev/null

openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj "/CN=kube-apiserver" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:kubernetes.test\nextendedKeyUsage=serverAuth\n' > server.ext
openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -out server.crt -days $days -extfile server.ext 2>/dev/null

openssl req -newkey rsa:2048 -nodes -keyout client-rsa.key -out client-rsa.csr -subj "/CN=kschedviz-reader" 2>/dev/null
printf 'extendedKeyUsage=clientAuth\n' > client.ext
openssl x509 -req -in client-rsa.csr -CA ca.crt -CAkey ca.key -CAcreateserial -out client-rsa.crt -days $days -extfile client.ext 2>/dev/null

openssl ecparam -name prime256v1 -genkey -noout -out client-ec.key
openssl req -new -key client-ec.key -out client-ec.csr -subj "/CN=kschedviz-reader-ec" 2>/dev/null
openssl x509 -req -in client-ec.csr -CA ca.crt -CAkey ca.key -CAcreateserial -out client-ec.crt -days $days -extfile client.ext 2>/dev/null

openssl genrsa -out unrelated.key 2048 2>/dev/null
rm -f ./*.csr ./*.ext ./*.srl other-ca.key
