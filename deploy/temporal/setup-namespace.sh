#!/bin/sh
# Before the apps start (docker-compose.yml, temporal-namespace): waits until the cluster reports SERVING
# over gRPC (`temporal operator cluster health`, the supported check; tctl is out of support), then makes
# the namespace and the application workflow's search attributes if missing. The attributes are the ones in
# workflows/src/application/search-attribute-table.ts (stack/compose.spec.ts holds the two lists equal).
set -eu
ADDRESS="${TEMPORAL_ADDRESS:-temporal:7233}"
NAMESPACE="${TEMPORAL_NAMESPACE:-default}"
RETENTION="${TEMPORAL_RETENTION:-7d}"

attempt=0
until temporal operator cluster health --address "$ADDRESS"; do
  attempt=$((attempt + 1))
  [ "$attempt" -lt 60 ] || { echo "Temporal at $ADDRESS is not serving after 60 tries"; exit 1; }
  sleep 5
done

temporal operator namespace describe --address "$ADDRESS" --namespace "$NAMESPACE" >/dev/null 2>&1 ||
  temporal operator namespace create --address "$ADDRESS" --namespace "$NAMESPACE" --retention "$RETENTION"

# A namespace just made is not known to every part of the server at once ("Namespace … is not found" for
# a few seconds): each attribute is tried again for up to two minutes.
for attribute in ApplicationStage=Keyword ApplicationStep=Int ApplicationStatus=Keyword Country=Keyword \
  AffiliateId=Keyword StalledSince=Datetime CrmSyncPending=Bool LastError=Keyword CrmLeadId=Keyword; do
  name="${attribute%%=*}"
  type="${attribute##*=}"
  attempt=0
  until out=$(temporal operator search-attribute create --address "$ADDRESS" --namespace "$NAMESPACE" \
    --name "$name" --type "$type" 2>&1); do
    case "$out" in
      *"already exists"*) break ;;
    esac
    attempt=$((attempt + 1))
    [ "$attempt" -lt 60 ] || { echo "$out"; exit 1; }
    sleep 2
  done
done
echo "namespace $NAMESPACE ready"
