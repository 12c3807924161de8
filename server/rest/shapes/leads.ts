// REST JSON of a dealership's leads (GET /api/dealership/leads, PUT /leads/:id/read), from the
// rows GraphQL's DealershipLead reads.
import type { DealershipLead } from "../../services/dealership-leads";

export function leadJson(lead: DealershipLead) {
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    message: lead.message,
    readAt: lead.readAt?.toISOString() ?? null,
    createdAt: lead.createdAt.toISOString(),
    vehicle: {
      id: lead.vehicle.id,
      make: lead.vehicle.make,
      model: lead.vehicle.model,
      year: lead.vehicle.year,
      registrationNumber: lead.vehicle.registrationNumber,
      salesPrice: lead.vehicle.salesPrice?.toFixed(2) ?? null,
      image: lead.vehicle.images[0]?.url ?? null,
    },
  };
}
