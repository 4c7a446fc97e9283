/**
 * The root of the editor's JSON Schema: one exported alias per kind the simulated apiserver
 * serves (src/api/resources.ts) that kubernetes-types describes. scripts/gen-schema.mjs feeds this
 * file to ts-json-schema-generator and dispatches on `kind` (and `apiVersion` where a kind has two
 * groups) to these definitions. Only types matter here; nothing imports this file at run time.
 *
 * Left out on purpose: core/v1 and events.k8s.io/v1 Event (written by components, not applied
 * by users, and their two `Event` interfaces would collide in one definitions table), and
 * flowcontrol/v1 FlowSchema (its `Subject` would collide with rbac/v1's).
 */
import type * as admissionregistrationV1 from 'kubernetes-types/admissionregistration/v1'
import type * as apiextensionsV1 from 'kubernetes-types/apiextensions/v1'
import type * as appsV1 from 'kubernetes-types/apps/v1'
import type * as autoscalingV2 from 'kubernetes-types/autoscaling/v2'
import type * as batchV1 from 'kubernetes-types/batch/v1'
import type * as certificatesV1 from 'kubernetes-types/certificates/v1'
import type * as coordinationV1 from 'kubernetes-types/coordination/v1'
import type * as coreV1 from 'kubernetes-types/core/v1'
import type * as discoveryV1 from 'kubernetes-types/discovery/v1'
import type * as flowcontrolV1 from 'kubernetes-types/flowcontrol/v1'
import type * as networkingV1 from 'kubernetes-types/networking/v1'
import type * as nodeV1 from 'kubernetes-types/node/v1'
import type * as policyV1 from 'kubernetes-types/policy/v1'
import type * as rbacV1 from 'kubernetes-types/rbac/v1'
import type * as schedulingV1 from 'kubernetes-types/scheduling/v1'
import type * as storageV1 from 'kubernetes-types/storage/v1'

export type K8sPod = coreV1.Pod
export type K8sNode = coreV1.Node
export type K8sNamespace = coreV1.Namespace
export type K8sServiceAccount = coreV1.ServiceAccount
export type K8sConfigMap = coreV1.ConfigMap
export type K8sSecret = coreV1.Secret
export type K8sService = coreV1.Service
export type K8sPersistentVolumeClaim = coreV1.PersistentVolumeClaim
export type K8sPersistentVolume = coreV1.PersistentVolume
export type K8sLimitRange = coreV1.LimitRange
export type K8sResourceQuota = coreV1.ResourceQuota
export type K8sDeployment = appsV1.Deployment
export type K8sReplicaSet = appsV1.ReplicaSet
export type K8sStatefulSet = appsV1.StatefulSet
export type K8sDaemonSet = appsV1.DaemonSet
export type K8sJob = batchV1.Job
export type K8sCronJob = batchV1.CronJob
export type K8sIngress = networkingV1.Ingress
export type K8sNetworkPolicy = networkingV1.NetworkPolicy
export type K8sHorizontalPodAutoscaler = autoscalingV2.HorizontalPodAutoscaler
export type K8sPodDisruptionBudget = policyV1.PodDisruptionBudget
export type K8sPriorityClass = schedulingV1.PriorityClass
export type K8sLease = coordinationV1.Lease
export type K8sRole = rbacV1.Role
export type K8sRoleBinding = rbacV1.RoleBinding
export type K8sClusterRole = rbacV1.ClusterRole
export type K8sClusterRoleBinding = rbacV1.ClusterRoleBinding
export type K8sStorageClass = storageV1.StorageClass
export type K8sRuntimeClass = nodeV1.RuntimeClass
export type K8sMutatingWebhookConfiguration = admissionregistrationV1.MutatingWebhookConfiguration
export type K8sValidatingWebhookConfiguration = admissionregistrationV1.ValidatingWebhookConfiguration
export type K8sPodTemplate = coreV1.PodTemplate
export type K8sEndpoints = coreV1.Endpoints
export type K8sReplicationController = coreV1.ReplicationController
export type K8sControllerRevision = appsV1.ControllerRevision
export type K8sCertificateSigningRequest = certificatesV1.CertificateSigningRequest
export type K8sEndpointSlice = discoveryV1.EndpointSlice
export type K8sIngressClass = networkingV1.IngressClass
export type K8sPriorityLevelConfiguration = flowcontrolV1.PriorityLevelConfiguration
export type K8sVolumeAttachment = storageV1.VolumeAttachment
export type K8sCSIDriver = storageV1.CSIDriver
export type K8sCSINode = storageV1.CSINode
export type K8sCSIStorageCapacity = storageV1.CSIStorageCapacity
export type K8sValidatingAdmissionPolicy = admissionregistrationV1.ValidatingAdmissionPolicy
export type K8sValidatingAdmissionPolicyBinding = admissionregistrationV1.ValidatingAdmissionPolicyBinding
export type K8sCustomResourceDefinition = apiextensionsV1.CustomResourceDefinition
