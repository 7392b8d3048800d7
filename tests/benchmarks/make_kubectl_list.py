#!/usr/bin/env python3
"""Writes a cluster as `kubectl get nodes,pods -A -o json` prints it (a List, 4-space indent), for
timing `kschedviz check` on a large dump:

    python3 tests/benchmarks/make_kubectl_list.py --nodes 5000 --pods 150000 > /tmp/cluster.json
    python3 tests/benchmarks/make_kubectl_list.py --nodes 5000 --pods 150000 --yaml > /tmp/cluster.yaml

Objects look like a real cluster's (fields of tests/data/kubectl-dump.yaml, managedFields hidden as
kubectl hides them): Deployment pods with owner references, requests and limits, probes, env,
volume mounts, the default tolerations and status with conditions. Deterministic.
"""
import argparse
import json
import sys


def node(i):
    name = f"node-{i:05d}"
    zone = f"zone-{i % 3}"
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
            "annotations": {
                "kubeadm.alpha.kubernetes.io/cri-socket": "unix:///run/containerd/containerd.sock",
                "node.alpha.kubernetes.io/ttl": "0",
                "volumes.kubernetes.io/controller-managed-attach-detach": "true",
            },
            "creationTimestamp": "2026-11-01T09:58:11Z",
            "labels": {
                "beta.kubernetes.io/arch": "amd64",
                "beta.kubernetes.io/os": "linux",
                "kubernetes.io/arch": "amd64",
                "kubernetes.io/hostname": name,
                "kubernetes.io/os": "linux",
                "topology.kubernetes.io/region": "region-1",
                "topology.kubernetes.io/zone": zone,
                "node.kubernetes.io/instance-type": "m5.4xlarge",
            },
            "name": name,
            "resourceVersion": str(1000 + i),
            "uid": f"6f1c8a2e-0000-4000-8000-{i:012d}",
        },
        "spec": {"podCIDR": f"10.{i // 256 % 256}.{i % 256}.0/24", "providerID": f"aws:///{zone}/i-{i:017x}"},
        "status": {
            "addresses": [{"address": f"192.168.{i // 256 % 256}.{i % 256}", "type": "InternalIP"},
                          {"address": name, "type": "Hostname"}],
            "allocatable": {"cpu": "15890m", "ephemeral-storage": "95491281146", "memory": "63461908Ki", "pods": "110"},
            "capacity": {"cpu": "16", "ephemeral-storage": "103615464Ki", "memory": "64513556Ki", "pods": "110"},
            "conditions": [
                {"lastHeartbeatTime": "2026-11-26T05:00:00Z", "lastTransitionTime": "2026-11-01T09:58:11Z",
                 "message": f"kubelet has sufficient {what} available", "reason": f"KubeletHasSufficient{what.capitalize()}",
                 "status": "False", "type": f"{what.capitalize()}Pressure"}
                for what in ("memory", "disk", "pid")
            ] + [{"lastHeartbeatTime": "2026-11-26T05:00:00Z", "lastTransitionTime": "2026-11-01T09:58:40Z",
                  "message": "kubelet is posting ready status", "reason": "KubeletReady", "status": "True", "type": "Ready"}],
            "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
            "images": [{"names": [f"registry.example.com/team-{k}/app@sha256:{k:064x}", f"registry.example.com/team-{k}/app:v1.{k}"],
                        "sizeBytes": 50_000_000 + k} for k in range(4)],
            "nodeInfo": {"architecture": "amd64", "containerRuntimeVersion": "containerd://1.7.24", "kernelVersion": "6.1.0-27-amd64",
                         "kubeProxyVersion": "v1.32.0", "kubeletVersion": "v1.32.0", "operatingSystem": "linux",
                         "osImage": "Debian GNU/Linux 12 (bookworm)", "machineID": f"{i:032x}", "systemUUID": f"{i:032x}",
                         "bootID": f"{i:032x}"},
        },
    }


def pod(i, nodes):
    app = f"app-{i // 30:05d}"  # 30 replicas per Deployment
    replicaset = f"{app}-7d9c8b6f5d"
    name = f"{replicaset}-{i:06x}"
    namespace = f"team-{i // 3000:03d}"
    bound = i % 50 != 49  # one in fifty pending
    spec = {
        "containers": [{
            "env": [{"name": "LOG_LEVEL", "value": "info"}, {"name": "POD_NAME", "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.name"}}}],
            "image": f"registry.example.com/{namespace}/{app}:v1.{i % 7}",
            "imagePullPolicy": "IfNotPresent",
            "livenessProbe": {"failureThreshold": 3, "httpGet": {"path": "/healthz", "port": 8080, "scheme": "HTTP"},
                              "periodSeconds": 10, "successThreshold": 1, "timeoutSeconds": 1},
            "name": "app",
            "ports": [{"containerPort": 8080, "name": "http", "protocol": "TCP"}],
            "resources": {"limits": {"cpu": "500m", "memory": "512Mi"}, "requests": {"cpu": "100m", "memory": "128Mi"}},
            "terminationMessagePath": "/dev/termination-log",
            "terminationMessagePolicy": "File",
            "volumeMounts": [{"mountPath": "/var/run/secrets/kubernetes.io/serviceaccount", "name": "kube-api-access", "readOnly": True}],
        }],
        "dnsPolicy": "ClusterFirst",
        "enableServiceLinks": True,
        "preemptionPolicy": "PreemptLowerPriority",
        "priority": 0,
        "restartPolicy": "Always",
        "schedulerName": "default-scheduler",
        "securityContext": {},
        "serviceAccount": "default",
        "serviceAccountName": "default",
        "terminationGracePeriodSeconds": 30,
        "tolerations": [
            {"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists", "tolerationSeconds": 300},
            {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "operator": "Exists", "tolerationSeconds": 300},
        ],
        "topologySpreadConstraints": [{"labelSelector": {"matchLabels": {"app": app}}, "maxSkew": 1,
                                       "topologyKey": "topology.kubernetes.io/zone", "whenUnsatisfiable": "ScheduleAnyway"}],
        "volumes": [{"name": "kube-api-access", "projected": {"defaultMode": 420, "sources": [
            {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
            {"configMap": {"items": [{"key": "ca.crt", "path": "ca.crt"}], "name": "kube-root-ca.crt"}}]}}],
    }
    if bound:
        spec["nodeName"] = f"node-{(i * 7919) % nodes:05d}"
    status = {"phase": "Running" if bound else "Pending", "qosClass": "Burstable"}
    if bound:
        status.update({
            "conditions": [{"lastProbeTime": None, "lastTransitionTime": "2026-11-20T10:00:00Z", "status": "True", "type": t}
                           for t in ("PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled")],
            "containerStatuses": [{"containerID": f"containerd://{i:064x}", "image": spec["containers"][0]["image"],
                                   "imageID": f"registry.example.com/{namespace}/{app}@sha256:{i:064x}", "lastState": {},
                                   "name": "app", "ready": True, "restartCount": 0, "started": True,
                                   "state": {"running": {"startedAt": "2026-11-20T10:00:05Z"}}}],
            "hostIP": "192.168.0.1", "podIP": f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256}",
            "startTime": "2026-11-20T10:00:00Z",
        })
    else:
        status["conditions"] = [{"lastProbeTime": None, "lastTransitionTime": "2026-11-20T10:00:00Z",
                                 "message": f"0/{nodes} nodes are available: {nodes} Insufficient cpu.", "reason": "Unschedulable",
                                 "status": "False", "type": "PodScheduled"}]
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "creationTimestamp": "2026-11-20T10:00:00Z",
            "generateName": f"{replicaset}-",
            "labels": {"app": app, "pod-template-hash": "7d9c8b6f5d", "team": namespace},
            "name": name,
            "namespace": namespace,
            "ownerReferences": [{"apiVersion": "apps/v1", "blockOwnerDeletion": True, "controller": True, "kind": "ReplicaSet",
                                 "name": replicaset, "uid": f"0c1d2e3f-0000-4000-8000-{i // 30:012d}"}],
            "resourceVersion": str(100000 + i),
            "uid": f"9a8b7c6d-0000-4000-8000-{i:012d}",
        },
        "spec": spec,
        "status": status,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=5000)
    parser.add_argument("--pods", type=int, default=150000)
    parser.add_argument("--yaml", action="store_true", help="print YAML (as kubectl -o yaml) instead of JSON")
    args = parser.parse_args()
    items = [node(i) for i in range(args.nodes)] + [pod(i, args.nodes) for i in range(args.pods)]
    document = {"apiVersion": "v1", "items": items, "kind": "List", "metadata": {"resourceVersion": ""}}
    if args.yaml:
        import yaml
        yaml.safe_dump(document, sys.stdout, default_flow_style=False, sort_keys=True)
    else:
        json.dump(document, sys.stdout, indent=4, sort_keys=True)
        sys.stdout.write("\n")


if __name__ == "__main__":
    main()
