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
