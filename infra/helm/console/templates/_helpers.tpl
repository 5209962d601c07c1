{{- define "console.labels" -}}
app.kubernetes.io/part-of: console
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/version: {{ .root.Values.image.tag | quote }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- end -}}

{{- define "console.selector" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{- define "console.image" -}}
{{- $tag := required "image.tag is required" .Values.image.tag -}}
{{- if eq $tag "latest" -}}{{- fail "image.tag must name a release, not latest" -}}{{- end -}}
{{- printf "%s:%s" .Values.image.repository $tag -}}
{{- end -}}

{{- /* The broker users' Secret (templates/broker-users.yaml). */ -}}
{{- define "console.brokerSecret" -}}
{{- printf "%s-broker-users" .Release.Name -}}
{{- end -}}

{{- /* A user's subjects from broker-users.json, its "@set" entries expanded: a JSON array. */ -}}
{{- define "console.subjects" -}}
{{- $out := list -}}
{{- range .list -}}
{{- if hasPrefix "@" . -}}
{{- $out = concat $out (index $.table.sets (trimPrefix "@" .)) -}}
{{- else -}}
{{- $out = append $out . -}}
{{- end -}}
{{- end -}}
{{- $out | toJson -}}
{{- end -}}

{{- /* A list of subjects as nats.conf writes one: ["a", "b"] (Go quoting, no JSON escapes of > or &). */ -}}
{{- define "console.natsList" -}}
[{{ range $i, $s := . }}{{ if $i }}, {{ end }}{{ $s | quote }}{{ end }}]
{{- end -}}


{{- /* The JetStream stream names' prefix, as contracts/src/subjects.ts streamNames() makes it. */ -}}
{{- define "console.streamPrefix" -}}
{{- regexReplaceAll "[^A-Za-z0-9_-]" .Values.nats.prefix "_" | upper -}}
{{- end -}}

{{- /* Whether KEDA scales this service (keda.yaml), so no plain HPA may be rendered for it. */ -}}
{{- define "console.kedaScaled" -}}
{{- if and .root.Values.keda.enabled (hasKey .root.Values.keda.services .name) -}}true{{- end -}}
{{- end -}}
